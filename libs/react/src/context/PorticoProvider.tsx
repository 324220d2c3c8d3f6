import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { onIdle } from '@portico/kernel';
import { useObservable } from '../hooks/useObservable';
import { loadModalRoot } from '../modal/loadModalRoot';
import type { Portico } from '@portico/core';
import { PorticoContext } from './PorticoContext';

/** Where the modal's chunk (shell, styles, UI kit) stands. */
type ModalChunk = { status: 'pending' | 'failed' } | { status: 'ready'; Root: ComponentType; for: Portico };

/**
 * Shown only when the modal opens before its chunk has arrived (a click before the page
 * went idle, or a slow network): a plain dialog saying it is loading, or that loading
 * failed with a retry, in the next frame rather than nothing. Inline styles only (set
 * through the DOM, so a strict CSP allows them), a few hundred bytes in the host's bundle.
 */
function ModalSkeleton({ portico, failed, retry }: { portico: Portico; failed: boolean; retry: () => void }) {
  const theme = useObservable(portico.theme);
  const { t } = portico.i18n;
  const dark = theme.resolved === 'dark';
  const close = () => portico.kernel.router.close('cancelled');
  // Focus stays where it was (the real dialog takes it when it mounts), so Escape is heard on the document.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && portico.kernel.router.close('cancelled');
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [portico]);
  return (
    <div
      data-portico-skeleton=""
      style={{ position: 'fixed', inset: 0, zIndex: 2147483647, display: 'grid', placeItems: 'center', background: 'rgba(0,0,0,0.4)' }}
      onMouseDown={(e) => e.target === e.currentTarget && close()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-busy={!failed}
        aria-label={failed ? t('view.loadFailed') : t('view.loading')}
        style={{ width: 360, maxWidth: 'calc(100vw - 32px)', minHeight: 240, boxSizing: 'border-box', padding: 24, borderRadius: 24, display: 'grid', placeItems: 'center', gap: 12, font: '15px/1.4 ui-sans-serif, system-ui, sans-serif', background: dark ? '#18181b' : '#fff', color: dark ? '#f4f4f5' : '#18181b' }}
      >
        {failed ? (
          <>
            <p role="alert">{t('view.loadFailed')}</p>
            <button type="button" onClick={retry}>
              {t('view.retry')}
            </button>
          </>
        ) : (
          <span>{t('view.loading')}…</span>
        )}
      </div>
    </div>
  );
}

/**
 * Mounts the modal once its chunk has loaded (preloaded on idle), before any click: the modal
 * then keeps a hidden, inert dialog ready, so a click only shows it (#41). Rendered directly (no
 * `lazy`/`Suspense`): the dialog commits in the click's own task. React reveals a suspended boundary only after a ~300 ms fallback
 * throttle, which is what a `lazy` modal cost the first open even with its chunk cached.
 */
function ModalHost({ portico, chunk, load }: { portico: Portico; chunk: ModalChunk; load: () => void }) {
  const { isOpen } = useObservable(portico.kernel.router);
  // Ready for this instance: made ready (`ready`) for another one, it waits for this one's turn.
  const ready = chunk.status === 'ready' && chunk.for === portico;
  const waiting = isOpen && !ready;
  useEffect(() => {
    // A load already under way makes this a no-op; after a failure the user retries.
    if (waiting && chunk.status !== 'failed') load();
  }, [waiting, chunk.status, load]);
  if (ready) return <chunk.Root />;
  return waiting ? <ModalSkeleton portico={portico} failed={chunk.status === 'failed'} retry={load} /> : null;
}

/**
 * Provides a Portico instance to the hooks and renders the modal (mounted once its chunk has loaded). Starts the
 * kernel, and preloads the modal chunk and the Connect view when the browser is idle, so a
 * click shows the dialog at once. Nothing of the modal touches the network before that.
 */
export function PorticoProvider({ portico, children }: { portico: Portico; children?: ReactNode }) {
  const [chunk, setChunk] = useState<ModalChunk>({ status: 'pending' });
  // The instance the modal chunk was loaded (or is loading) for: a provider given another instance
  // loads it again for that one (the module is cached), so `ready` runs for each instance.
  const pending = useRef<Portico | undefined>(undefined);
  const load = useCallback(() => {
    if (pending.current === portico) return;
    pending.current = portico;
    setChunk((current) => (current.status === 'failed' ? { status: 'pending' } : current));
    loadModalRoot().then(
      (module) => {
        // An answer for an instance the provider has since replaced is not this one's.
        if (pending.current !== portico) return;
        // Before the modal renders: its views read the whole English catalogue.
        module.ready(portico);
        setChunk({ status: 'ready', Root: module.default, for: portico });
      },
      (error: unknown) => {
        if (pending.current !== portico) return;
        pending.current = undefined;
        portico.kernel.logger.warn(`The modal failed to load: ${error instanceof Error ? error.message : String(error)}`);
        setChunk({ status: 'failed' });
      },
    );
  }, [portico]);
  useEffect(() => {
    void portico.start();
    // A next instance: the chunk is here (or on its way) already; it gets its catalogue and follows at once.
    if (pending.current) load();
    return onIdle(() => {
      load();
      void portico.kernel.loadView('Connect').catch(() => undefined);
    });
  }, [portico, load]);
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalHost portico={portico} chunk={chunk} load={load} />
    </PorticoContext.Provider>
  );
}
