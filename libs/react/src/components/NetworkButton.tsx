import { onIdle } from '@portico/kernel';
import { useEffect } from 'react';
import { useNetwork } from '../hooks/useNetwork';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import { hostButtonStyle } from './ConnectButton';

/** The active network's name (or "Unsupported network"); opens the Networks view. */
export function NetworkButton({ className, namespace }: { className?: string; namespace?: string }) {
  const portico = usePortico('NetworkButton');
  const t = useT();
  const { network, networkId, isSupported } = useNetwork(namespace);
  // The Networks view is a chunk of its own (#41): it loads when the page is idle, so the first click renders it at once;
  // at the idle moment after the modal's own preload (the provider's), which it does not delay.
  useEffect(() => {
    let inner: (() => void) | undefined;
    const outer = onIdle(() => (inner = onIdle(() => void portico.kernel.loadView('Networks').catch(() => undefined))));
    return () => (outer(), inner?.());
  }, [portico]);
  const text = !isSupported ? t('button.unsupportedNetwork') : (network?.name ?? portico.network(portico.defaultNetwork)?.name ?? t('button.network'));
  return (
    <button type="button" className={['portico-network-button', className ?? ''].filter(Boolean).join(' ')} style={hostButtonStyle} aria-haspopup="dialog" data-network={networkId} onClick={() => void portico.open('Networks')}>
      {text}
    </button>
  );
}
