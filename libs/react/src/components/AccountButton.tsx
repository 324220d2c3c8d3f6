import { truncateAddress } from '@portico/core';
import { useAccount } from '../hooks/useAccount';
import { useIdentity } from '../hooks/useIdentity';
import { usePortico } from '../hooks/usePortico';
import type { CSSProperties } from 'react';
import { hostButtonStyle } from './ConnectButton';

/** A long name (ENS allows any length) stays on one line in the host's layout. */
const nameStyle: CSSProperties = { ...hostButtonStyle, maxWidth: '16em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/** The connected account's ENS name, else its address; opens the Account view. Renders nothing while disconnected. */
export function AccountButton({ className, namespace }: { className?: string; namespace?: string }) {
  const portico = usePortico('AccountButton');
  const { isConnected, caipAddress } = useAccount(namespace);
  const identity = useIdentity(namespace).data;
  if (!isConnected || !caipAddress) return null;
  return (
    <button
      type="button"
      className={['portico-account-button', className ?? ''].filter(Boolean).join(' ')}
      style={identity ? nameStyle : hostButtonStyle}
      title={identity?.name}
      aria-haspopup="dialog"
      onClick={() => void portico.open('Account')}
    >
      {identity?.name ?? truncateAddress(caipAddress)}
    </button>
  );
}
