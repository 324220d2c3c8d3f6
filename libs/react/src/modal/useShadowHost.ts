import { porticoStyles } from '@portico/ui';
import { useLayoutEffect, useState } from 'react';

interface ShadowHost {
  host: HTMLElement;
  mount: HTMLElement;
}

/** Builds the detached host: an open shadow root holding the stylesheet and the mount point. */
function createShadowHost(cspNonce: string | undefined, warn: (message: string) => void): ShadowHost {
  const host = document.createElement('div');
  host.setAttribute('data-portico-modal', '');
  const shadow = host.attachShadow({ mode: 'open' });
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(porticoStyles);
    shadow.adoptedStyleSheets = [sheet];
  } else if (cspNonce) {
    const style = document.createElement('style');
    style.nonce = cspNonce;
    style.textContent = porticoStyles;
    shadow.appendChild(style);
  } else {
    // No inline <style> without the host's nonce: a strict CSP would block it anyway.
    warn('This browser lacks constructable stylesheets; pass cspNonce to createPortico to style the modal');
  }
  const mount = document.createElement('div');
  shadow.appendChild(mount);
  return { host, mount };
}

/**
 * The modal's host element on `document.body`, with an open shadow root and the stylesheet
 * inside it: adopted (constructable) where supported, else a `<style>` carrying the host's
 * CSP nonce (and none at all without one). Nothing is added to the page's own styles. It is
 * attached in a layout effect, before the dialog's own effects (focus) run. The modal mounts
 * once its chunk has loaded, while the browser is idle, so the host joins the page then, and its
 * stylesheet's rules are compiled and its fonts matched on the dialog it prepares ahead of the
 * click (ModalRoot), not in the click's frame.
 */
export function useShadowHost(cspNonce: string | undefined, warn: (message: string) => void): HTMLElement {
  const [{ host, mount }] = useState(() => createShadowHost(cspNonce, warn));
  // One per mount: the provider mounts the modal afresh for each instance it is given (PorticoProvider).
  useLayoutEffect(() => {
    document.body.appendChild(host);
    return () => host.remove();
  }, [host]);
  return mount;
}
