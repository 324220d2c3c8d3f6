import { useEffect, useRef } from 'react';
import { usePortico } from './usePortico';

/**
 * While a view shows one of its inner steps (a token picker over its form), the header's Back
 * goes back within the view: `back` runs and the router stays. Only the navigation to the entry
 * below the current one is held; anything else (a request's approval view, a close) passes.
 */
export function useBackToStep(back: () => void): void {
  const { router } = usePortico('useBackToStep').kernel;
  const latest = useRef(back);
  useEffect(() => {
    latest.current = back;
  });
  useEffect(
    () =>
      router.addGuard({
        canLeave: (_from, to) => {
          const { stack } = router.getSnapshot();
          if (stack[stack.length - 2] !== to) return true;
          latest.current();
          return false;
        },
      }),
    [router],
  );
}
