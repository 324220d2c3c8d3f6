/** Control and bidirectional-override characters: text from a chain or a node holding them could hide or reorder what the user reads. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Text from outside (a token's symbol, a program's log, a node's error), made safe to show: control
 * and bidi characters replaced by a space, trimmed, at most `max` characters (an ellipsis marks a cut).
 */
export function safeText(text: string, max: number): string {
  const chars = Array.from(text.replace(UNSAFE, ' ').replace(/ {2,}/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
