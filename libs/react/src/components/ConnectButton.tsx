import type { CSSProperties } from 'react';
import { truncateAddress } from '@portico/core';
import { useAccount } from '../hooks/useAccount';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Host-page button style: only custom properties with fallbacks, overridable by class. */
export const hostButtonStyle: CSSProperties = {
  font: '600 15px/1 var(--portico-font-family, ui-sans-serif, system-ui, sans-serif)',
  minHeight: 44,
  padding: '0 18px',
  borderRadius: 'var(--portico-radius, 12px)',
  border: 0,
  cursor: 'pointer',
  background: 'var(--portico-accent, #3b5bdb)',
  color: '#fff',
};

/** "Connect Wallet", or the connected address; opens the modal on the right view. */
export function ConnectButton({ className, label }: { className?: string; label?: string }) {
  const portico = usePortico('ConnectButton');
  const t = useT();
  const { isConnected, isConnecting, caipAddress } = useAccount();
  const text = isConnected && caipAddress ? truncateAddress(caipAddress) : isConnecting ? t('button.connecting') : (label ?? t('button.connect'));
  return (
    <button
      type="button"
      className={['portico-connect-button', className ?? ''].filter(Boolean).join(' ')}
      style={hostButtonStyle}
      aria-haspopup="dialog"
      onClick={() => void portico.open()}
    >
      {text}
    </button>
  );
}
