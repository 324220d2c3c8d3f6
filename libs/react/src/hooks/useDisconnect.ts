import { usePortico } from './usePortico';

/** Disconnects one namespace, or all. */
export function useDisconnect(): { disconnect(namespace?: string): Promise<void> } {
  const portico = usePortico('useDisconnect');
  return { disconnect: (namespace) => portico.disconnect(namespace) };
}
