import type { PorticoEvents } from '@portico/kernel';
import { useEffect, useRef } from 'react';
import { usePortico } from './usePortico';

/** Calls `listener` for every `name` event; the latest listener is used without resubscribing. */
export function usePorticoEvent<K extends keyof PorticoEvents & string>(name: K, listener: (payload: PorticoEvents[K]) => void): void {
  const { kernel } = usePortico('usePorticoEvent');
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => kernel.events.on(name, (payload) => latest.current(payload)), [kernel, name]);
}
