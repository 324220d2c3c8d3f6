import { createPortal } from 'react-dom';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { ModalShell } from './ModalShell';
import { useShadowHost } from './useShadowHost';

/** The lazily loaded modal: a shadow-root host on the page and the shell while open. */
export default function ModalRoot() {
  const portico = usePortico('ModalRoot');
  const container = useShadowHost(portico.cspNonce, (message) => portico.kernel.logger.warn(message));
  const { isOpen } = useObservable(portico.kernel.router);
  return isOpen ? createPortal(<ModalShell />, container) : null;
}
