import { porticoStyles } from '@portico/ui';
import { useLayoutEffect, useState } from 'react';

interface ShadowHost {
  host: HTMLElement;
  mount: HTMLElement;
  /** Hidden text in the modal's font while the host waits for its first open. */
  warm?: HTMLElement;
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

/** Hosts made ahead of their first open, by owner (the Portico instance). */
const prepared = new WeakMap<object, ShadowHost>();

/**
 * Makes the host before the first open, when the browser is idle (#41): the host joins the page
 * empty, so its stylesheet's rules are compiled and the modal's font faces (regular and semibold)
 * found and shaped now, on a hidden line of text, rather than in the click's frame. The line is
 * removed at the first open. The style property writes are CSSOM, allowed under a strict CSP.
 */
export function prepareShadowHost(owner: object, cspNonce: string | undefined, warn: (message: string) => void): void {
  if (prepared.has(owner) || typeof document === 'undefined' || !document.body) return;
  const made = createShadowHost(cspNonce, warn);
  const warm = document.createElement('div');
  warm.className = 'pt-root';
  warm.setAttribute('aria-hidden', 'true');
  Object.assign(warm.style, { position: 'fixed', top: '0', left: '0', visibility: 'hidden', pointerEvents: 'none', contain: 'layout paint' });
  const regular = document.createElement('span');
  regular.textContent = 'Connect Wallet';
  const strong = document.createElement('b');
  strong.className = 'pt-title';
  strong.textContent = 'Connect Wallet';
  warm.append(regular, strong);
  made.mount.appendChild(warm);
  made.warm = warm;
  document.body.appendChild(made.host);
  // Style and layout now, while idle: the fonts are matched and the rules compiled.
  warm.getBoundingClientRect();
  prepared.set(owner, made);
}

/** Removes a host made ahead whose modal never opened (the provider left the page). */
export function discardShadowHost(owner: object): void {
  const made = prepared.get(owner);
  if (!made?.warm) return;
  prepared.delete(owner);
  made.host.remove();
}

/**
 * The modal's host element on `document.body`, with an open shadow root and the stylesheet
 * inside it: adopted (constructable) where supported, else a `<style>` carrying the host's
 * CSP nonce (and none at all without one). Nothing is added to the page's own styles. It is attached in a layout effect,
 * before the dialog's own effects (focus) run; one made ahead by `prepareShadowHost` for `owner` is taken over.
 */
export function useShadowHost(owner: object, cspNonce: string | undefined, warn: (message: string) => void): HTMLElement {
  const [{ host, mount }] = useState(() => {
    const made = prepared.get(owner);
    if (!made) return createShadowHost(cspNonce, warn);
    made.warm?.remove();
    made.warm = undefined;
    return made;
  });
  useLayoutEffect(() => {
    if (!host.isConnected) document.body.appendChild(host);
    return () => {
      host.remove();
      if (prepared.get(owner)?.host === host) prepared.delete(owner);
    };
  }, [host, owner]);
  return mount;
}
