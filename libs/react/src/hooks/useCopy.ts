import { useCallback, useEffect, useState } from 'react';

/** How long "copied" stays true after a copy (the modal's "Address copied"). */
export const COPIED_MS = 2_000;

/**
 * Copies text to the clipboard; `copied` is true for 2 s after a copy that worked (a refused
 * clipboard leaves it false), for a confirmation the user can see and a screen reader hears.
 */
export function useCopy(): { readonly copied: boolean; copy(text: string): void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback((text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    );
  }, []);
  return { copied, copy };
}
