import { useCallback, useEffect, useRef } from 'react';

/**
 * For a view made of steps (form, review, done): when `step` changes, the step's first control
 * (input, select, enabled button or link inside the element given the returned callback ref)
 * takes the focus, so focus is not lost with the control the user just pressed. Not on the
 * first render.
 */
export function useStepFocus(step: string): (element: HTMLElement | null) => void {
  const root = useRef<HTMLElement | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    root.current?.querySelector<HTMLElement>('input, select, button:not([disabled]), a[href]')?.focus();
  }, [step]);
  return useCallback((element: HTMLElement | null) => {
    root.current = element;
  }, []);
}
