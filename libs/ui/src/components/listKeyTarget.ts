/** The items a list's keys move between: the modal's row buttons and links, and the social icons (a row's placeholder, a `div`, is none). */
export const LIST_ITEMS = 'button.pt-list-item:not(:disabled), button.pt-option:not(:disabled), a.pt-token-row[href]';

/** How long typed letters add up to one type-ahead search (the WAI-ARIA practices' listbox uses 500 ms). */
export const TYPE_AHEAD_MS = 500;

/** The type-ahead search so far: the letters typed and when the last one was. Kept by the caller between key presses. */
export interface TypeAhead {
  text: string;
  at: number;
}

/** The parts of a key press (a DOM or a React event) the list keys read. */
export type ListKeyPress = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'timeStamp' | 'target'>;

/** What the keys do: a step to the next or previous item, to the first or the last. */
const MOVES: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/** A row's label (not its image's fallback letter or its tag), an icon button's accessible name. */
const nameOf = (item: HTMLElement) => (item.querySelector('.pt-list-item-label')?.textContent ?? item.getAttribute('aria-label') ?? item.textContent ?? '').trim().toLocaleLowerCase();

/**
 * The one keyboard model of the modal's lists: the item of `items` that `press` moves focus to, or
 * `undefined` when the key is not one of the list's. ↓ / ↑ (and → / ←, mirrored when `rtl`) step
 * to the next or previous item, Home / End to the first or last, and letters typed within
 * `TYPE_AHEAD_MS` to the next item whose name starts with them (`typed` keeps the search and is
 * updated). From an element that is no item, a step goes to the first. Tab, Space, keys with
 * Alt / Ctrl / Meta and keys typed in a text field are left alone.
 */
export function listKeyTarget(press: ListKeyPress, items: readonly HTMLElement[], typed: TypeAhead, rtl = false): HTMLElement | undefined {
  const target = press.target instanceof Element ? press.target : null;
  if (items.length === 0 || press.altKey || press.ctrlKey || press.metaKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return undefined;
  const current = target ? items.findIndex((item) => item.contains(target)) : -1;
  const horizontal = { ArrowRight: rtl ? 'previous' : 'next', ArrowLeft: rtl ? 'next' : 'previous' } as const;
  const move = MOVES[press.key] ?? horizontal[press.key as keyof typeof horizontal];
  if (move === 'next') return items[current < 0 ? 0 : Math.min(items.length - 1, current + 1)];
  if (move === 'previous') return items[Math.max(0, current - 1)];
  if (move === 'first') return items[0];
  if (move === 'last') return items.at(-1);
  // Space is not typed ahead: it presses the focused button.
  if (press.key.length !== 1 || press.key.trim() === '') return undefined;
  const search = (press.timeStamp - typed.at < TYPE_AHEAD_MS ? typed.text : '') + press.key.toLocaleLowerCase();
  typed.text = search;
  typed.at = press.timeStamp;
  // The same letter again walks through the items starting with it; more letters narrow from here.
  const repeated = [...search].every((c) => c === search[0]);
  const from = search.length === 1 || repeated ? current + 1 : Math.max(0, current);
  const prefix = repeated ? search[0]! : search;
  return [...items.slice(from), ...items.slice(0, from)].find((item) => nameOf(item).startsWith(prefix));
}
