import { porticoStyles } from '@portico/ui';
import { useLayoutEffect, useState } from 'react';

/** Builds the detached host: an open shadow root holding the stylesheet and the mount point. */
function createShadowHost(cspNonce: string | undefined): { host: HTMLElement; mount: HTMLElement } {
  const host = document.createElement('div');
  host.setAttribute('data-portico-modal', '');
  const shadow = host.attachShadow({ mode: 'open' });
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
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
  return { host, mount };
}

/**
 * The modal's host element on `document.body`, with an open shadow root and the stylesheet
 * inside it: adopted (constructable) where supported, else a `<style>` carrying the host's
 * CSP nonce. Nothing is added to the page's own styles. It is attached in a layout effect,
 * before the dialog's own effects (focus) run.
 */
export function useShadowHost(cspNonce: string | undefined): HTMLElement {
  const [{ host, mount }] = useState(() => createShadowHost(cspNonce));
  useLayoutEffect(() => {
    document.body.appendChild(host);
    return () => host.remove();
  }, [host]);
  return mount;
}
