import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert') && el.getClientRects().length > 0);
}

/** The deepest focused element, through shadow roots. */
function activeElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Keeps focus inside the dialog while it is open: focuses its first control on open and
 * whenever focus is lost (a view swap), wraps Tab and Shift+Tab, and gives focus back to
 * the opener when it closes. Returns the keydown handler for the dialog.
 */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>): (event: KeyboardEvent) => void {
  useEffect(() => {
    const opener = activeElement() as HTMLElement | null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const root = dialog.current;
    if (!root) return;
    // Focus the view's first control; until a (lazy) view has rendered, hold focus on the
    // dialog. Views render in children, so watch the DOM rather than this component.
    const ensureFocus = () => {
      const active = activeElement();
      if (active && active !== root && root.contains(active)) return;
      const body = root.querySelector<HTMLElement>('[data-pt-body]');
      const target = focusables(body ?? root)[0] ?? root;
      if (target !== active) target.focus();
    };
    ensureFocus();
    const observer = new MutationObserver(ensureFocus);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [dialog]);

  return (event) => {
    const root = dialog.current;
    if (event.key !== 'Tab' || !root) return;
    const list = focusables(root);
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const current = activeElement();
    const first = list[0]!;
    const last = list[list.length - 1]!;
    if (event.shiftKey && (current === first || !root.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !root.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };
}
