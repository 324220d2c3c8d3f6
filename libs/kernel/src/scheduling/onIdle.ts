/**
 * Runs `run` when the browser is idle (at most `timeoutMs` later), or after 200 ms where
 * `requestIdleCallback` is missing (Safari). Returns a cancel function. Preloading belongs here:
 * fetched while the modal's first view renders, lazy chunks made Chromium hold back idle periods
 * for seconds after it closed.
 */
export function onIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
