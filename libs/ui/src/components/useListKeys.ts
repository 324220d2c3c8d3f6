import { useRef, type KeyboardEvent } from 'react';

/** The items a list's keys move between: the modal's row buttons and links, and the social icons (a row's placeholder, a `div`, is none). */
export const LIST_ITEMS = 'button.pt-list-item:not(:disabled), button.pt-social:not(:disabled), a.pt-token-row[href]';

/** How long typed letters add up to one type-ahead search (the WAI-ARIA practices' listbox uses 500 ms). */
export const TYPE_AHEAD_MS = 500;

/** What the keys do: a step to the next or previous item, to the first or the last. */
const MOVES: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/**
 * One keyboard model for the modal's lists (Connect's methods and wallets, Networks, the
 * pickers), on top of Tab, which still reaches every item: ↓ / ↑ (and → / ←, mirrored in a
 * right-to-left modal) move focus to the next or previous item, Home / End to the first or last,
 * and typing letters moves to the next item whose name starts with them (type-ahead). Keys typed
 * in a text field are left alone. Returns the container's `onKeyDown`.
 */
export function useListKeys(items: string = LIST_ITEMS): (event: KeyboardEvent<HTMLElement>) => void {
  const typed = useRef({ text: '', at: 0 });
  return (event) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const list = [...event.currentTarget.querySelectorAll<HTMLElement>(items)];
    if (list.length === 0) return;
    const current = list.findIndex((item) => item === target || item.contains(target));
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const horizontal = { ArrowRight: rtl ? 'previous' : 'next', ArrowLeft: rtl ? 'next' : 'previous' } as const;
    const move = MOVES[event.key] ?? horizontal[event.key as keyof typeof horizontal];
    let next: number | undefined;
    if (move === 'next') next = current < 0 ? 0 : Math.min(list.length - 1, current + 1);
    else if (move === 'previous') next = current < 0 ? 0 : Math.max(0, current - 1);
    else if (move === 'first') next = 0;
    else if (move === 'last') next = list.length - 1;
    // Space is not typed ahead: it presses the focused button.
    else if (event.key.length === 1 && event.key.trim() !== '') {
      const now = event.timeStamp;
      const search = (now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text : '') + event.key.toLocaleLowerCase();
      typed.current = { text: search, at: now };
      // The same letter again walks through the items starting with it; more letters narrow from here.
      const repeated = [...search].every((c) => c === search[0]);
      const from = search.length === 1 || repeated ? current + 1 : Math.max(0, current);
      // A row's label (not its image's fallback letter or its tag), an icon button's accessible name.
      const name = (item: HTMLElement) => (item.querySelector('.pt-list-item-label')?.textContent ?? item.getAttribute('aria-label') ?? item.textContent ?? '').trim().toLocaleLowerCase();
      const matches = (item: HTMLElement) => name(item).startsWith(repeated ? search[0]! : search);
      const order = [...list.slice(from), ...list.slice(0, from)];
      const found = order.find(matches);
      if (!found) return;
      next = list.indexOf(found);
    }
    if (next === undefined) return;
    event.preventDefault();
    list[next]!.focus();
  };
}
