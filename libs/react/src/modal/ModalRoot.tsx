import { useEffect } from 'react';
import { createPortal } from 'react-dom';
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
  // Once the modal has opened, the chunks of views that ask for it (`prefetch` in their
  // manifest: All Wallets, Networks, Account, the QR view, …) load when the browser is idle,
  // so a first visit renders in the click's frame. Never for a plugin that is not active.
  useEffect(
    () =>
      onIdle(() => {
        const { kernel } = portico;
        for (const view of kernel.contributions.list('views')) {
          if (view.prefetch && kernel.plugins.get(view.pluginId)?.status === 'active') void kernel.loadView(view.id).catch(() => undefined);
        }
      }),
    [portico],
  );
  return isOpen ? createPortal(<ModalShell />, container) : null;
}
