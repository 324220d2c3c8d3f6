import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useObservable } from '../hooks/useObservable';
import { loadModalRoot } from '../modal/loadModalRoot';
import type { Portico } from '../portico/createPortico';
import { PorticoContext } from './PorticoContext';

const ModalRoot = lazy(loadModalRoot);

/** Idle time, or a short timeout where `requestIdleCallback` is missing (Safari). */
function onIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

function ModalHost({ portico }: { portico: Portico }) {
  const { isOpen } = useObservable(portico.kernel.router);
  const [mounted, setMounted] = useState(false);
  if (isOpen && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ModalRoot />
    </Suspense>
  ) : null;
}

/**
 * Provides a Portico instance to the hooks and renders the modal when it opens. Starts the
 * kernel, and preloads the modal chunk and the Connect view when the browser is idle, so a
 * click shows the dialog at once. Nothing of the modal touches the network before that.
 */
export function PorticoProvider({ portico, children }: { portico: Portico; children?: ReactNode }) {
  useEffect(() => {
    void portico.start();
    return onIdle(() => {
      void loadModalRoot();
      void portico.kernel.loadView('Connect').catch(() => undefined);
    });
  }, [portico]);
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalHost portico={portico} />
    </PorticoContext.Provider>
  );
}
