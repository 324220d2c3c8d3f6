import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { corePlugin } from '../corePlugin';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { ModalShell } from './ModalShell';
import { onIdle } from './onIdle';
import { useShadowHost } from './useShadowHost';

/** The lazily loaded modal: a shadow-root host on the page and the shell while open. */
export default function ModalRoot() {
  const portico = usePortico('ModalRoot');
  const container = useShadowHost(portico.cspNonce, (message) => portico.kernel.logger.warn(message));
  const { isOpen } = useObservable(portico.kernel.router);
  // Once the modal has opened, the core views' chunks load when the browser is idle, so the
  // first visit to each (All Wallets, Networks, Account, …) renders in the click's frame.
  useEffect(
    () =>
      onIdle(() => {
        for (const viewId of Object.keys(corePlugin.views ?? {})) void portico.kernel.loadView(viewId).catch(() => undefined);
      }),
    [portico],
  );
  return isOpen ? createPortal(<ModalShell />, container) : null;
}
