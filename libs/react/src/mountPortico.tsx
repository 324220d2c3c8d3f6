import { createRoot } from 'react-dom/client';
import { ConnectButton } from './components/ConnectButton';
import { PorticoProvider } from './context/PorticoProvider';
import type { Portico } from '@portico/core';

/** For non-React hosts: renders the connect button (and the modal) into `element`; returns unmount. */
export function mountPortico(portico: Portico, element: Element): () => void {
  const root = createRoot(element);
  root.render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  );
  return () => root.unmount();
}
