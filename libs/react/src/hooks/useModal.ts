import type { CloseReason } from '@portico/kernel';
import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/** Opens and closes the modal; `open()` resolves with how it closed. */
export function useModal(): { open(view?: string): Promise<CloseReason>; close(): boolean; isOpen: boolean; view: string } {
  const portico = usePortico('useModal');
  const router = useObservable(portico.kernel.router);
  return { open: (view) => portico.open(view), close: () => portico.close(), isOpen: router.isOpen, view: router.current.view };
}
