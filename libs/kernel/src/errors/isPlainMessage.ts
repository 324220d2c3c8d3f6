/**
 * A short plain sentence: one line, at most 120 characters, no markup, braces, URLs, long hex
 * or stack frames; not a stringified object.
 */
export function isPlainMessage(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length > 1 &&
    trimmed.length <= 120 &&
    !/[\r\n<>{}[\]`]/.test(trimmed) &&
    !/https?:\/\/|www\./i.test(trimmed) &&
    !/0x[0-9a-f]{16,}/i.test(trimmed) &&
    !/\bat \S+ \(|\.(ts|js|tsx|mjs):\d/.test(trimmed) &&
    !/^(undefined|null|NaN|true|false|\d+)$/.test(trimmed) &&
    /\p{L}/u.test(trimmed)
  );
}
