import { LIST_ITEMS, listKeyTarget, type TypeAhead } from '@portico/ui';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab reaches: a roving list's inactive rows (`tabindex="-1"`) are not in the tab order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.hasAttribute('inert') && el.getClientRects().length > 0);
}

/**
 * The list whose items the list keys move between from `target`: its group, a view's container
 * marked `data-list-keys` (Connect's methods, social icons and wallets as one sequence), else its
 * `.pt-list`. Outside both there is none: a virtualized list (`.pt-virtual-list`: All Wallets, a
 * long Activity) keeps its own keys or the browser's.
 */
const listScope = (target: Element) => target.closest<HTMLElement>('[data-list-keys]') ?? target.closest<HTMLElement>('.pt-list');

/** The deepest focused element, through shadow roots. */
function activeElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Whether focus is in the dialog: inside it, or in a wallet's own screen that the dialog shows
 * over one of its slots (an embedded wallet's frame, which lives outside the dialog's tree).
 */
const inDialog = (root: HTMLElement, active: Element | null) => !!active && (active === root || root.contains(active) || active.hasAttribute('data-portico-surface'));

/**
 * Moves focus to the dialog's control after (`forward`) or before `from`, wrapping around: where
 * Tab goes on when it leaves a wallet's own screen shown over the slot `from`.
 */
export function focusNeighbour(from: HTMLElement, direction: 'forward' | 'backward') {
  const root = from.closest<HTMLElement>('[role="dialog"]');
  if (!root) return;
  const list = focusables(root);
  const at = list.indexOf(from);
  const others = at < 0 ? list : [...list.slice(at + 1), ...list.slice(0, at)];
  const target = direction === 'forward' ? others[0] : others.at(-1);
  (target ?? root).focus();
}

/**
 * Keeps focus inside the dialog while it is open: focuses its first control on open and
 * whenever focus is lost (a view swap), wraps Tab and Shift+Tab, and gives focus back to
 * the opener when it closes (or, when the opener is gone, to the host's connect button), and
 * gives every list of the modal its keys (`listKeyTarget`). Returns the keydown handler for the dialog.
 */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>, active = true): (event: KeyboardEvent) => void {
  const typed = useRef<TypeAhead>({ text: '', at: 0 });
  // `active`: the dialog is open. A shell prepared ahead of the click (hidden, inert) traps
  // nothing; the opener is the element focused when it opens.
  useEffect(() => {
    if (!active) return;
    const opener = activeElement() as HTMLElement | null;
    return () => {
      if (opener?.isConnected) return opener.focus();
      // The opener went away with the state it showed (the account button after Disconnect):
      // the host's connect button takes focus, so a keyboard user is not dropped on <body>.
      document.querySelector<HTMLElement>('.portico-connect-button')?.focus();
    };
  }, [active]);

  useEffect(() => {
    const root = dialog.current;
    if (!active || !root) return;
    // Focus the view's first control; until a (lazy) view has rendered, hold focus on the
    // dialog. Views render in children, so watch the DOM rather than this component.
    const ensureFocus = () => {
      const active = activeElement();
      if (active !== root && inDialog(root, active)) return;
      const body = root.querySelector<HTMLElement>('[data-pt-body]');
      const target = focusables(body ?? root)[0] ?? root;
      if (target !== active) target.focus();
    };
    ensureFocus();
    const observer = new MutationObserver(ensureFocus);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [dialog, active]);

  return (event) => {
    const root = dialog.current;
    if (!root) return;
    // One keyboard model for every list of the modal (Connect, Networks, a plugin's `.pt-list`),
    // Tab aside. A list with a model of its own (All Wallets) handles the key first and prevents it.
    const scope = !event.defaultPrevented && event.target instanceof Element ? listScope(event.target) : null;
    if (scope) {
      const items = [...scope.querySelectorAll<HTMLElement>(LIST_ITEMS)].filter((el) => el.getClientRects().length > 0);
      const next = listKeyTarget(event, items, typed.current, getComputedStyle(scope).direction === 'rtl');
      if (next) {
        event.preventDefault();
        next.focus();
        return;
      }
    }
    if (event.key !== 'Tab') return;
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
