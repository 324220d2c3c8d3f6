/**
 * Control, bidi and invisible characters: text from a chain or a node holding them could hide or
 * reorder what the user reads (C0/C1 controls, the Arabic letter mark, zero-width spaces and
 * joiners, LRM/RLM, line and paragraph separators, embeddings and overrides, word joiner and
 * invisible operators, isolates, the BOM, tag characters).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]+/gu;

/**
 * Text from outside (a token's symbol, a program's log, a node's error), made safe to show: control
 * and bidi characters replaced by a space, trimmed, at most `max` characters (an ellipsis marks a cut).
 */
export function safeText(text: string, max: number): string {
  const chars = Array.from(text.replace(UNSAFE_TEXT, ' ').replace(/ {2,}/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
