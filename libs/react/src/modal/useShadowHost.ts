import { porticoStyles } from '@portico/ui';
import { useEffect, useState } from 'react';

/**
 * Creates the modal's host element on `document.body` with an open shadow root and the
 * stylesheet inside it: adopted (constructable) where supported, else a `<style>` carrying
 * the host's CSP nonce. Nothing is added to the page's own styles.
 */
export function useShadowHost(cspNonce: string | undefined): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const host = document.createElement('div');
    host.setAttribute('data-portico-modal', '');
    const shadow = host.attachShadow({ mode: 'open' });
    const adoptable = 'adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype;
    if (adoptable) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(porticoStyles);
      shadow.adoptedStyleSheets = [sheet];
    } else {
      const style = document.createElement('style');
      if (cspNonce) style.nonce = cspNonce;
      style.textContent = porticoStyles;
      shadow.appendChild(style);
    }
    const mount = document.createElement('div');
    shadow.appendChild(mount);
    document.body.appendChild(host);
    setContainer(mount);
    return () => host.remove();
  }, [cspNonce]);
  return container;
}
