import { truncateAddress } from '../format/truncateAddress';
import { useAccount } from '../hooks/useAccount';
import { useIdentity } from '../hooks/useIdentity';
import { usePortico } from '../hooks/usePortico';
import { hostButtonStyle } from './ConnectButton';

/** The connected account's ENS name, else its address; opens the Account view. Renders nothing while disconnected. */
export function AccountButton({ className, namespace }: { className?: string; namespace?: string }) {
  const portico = usePortico('AccountButton');
  const { isConnected, caipAddress } = useAccount(namespace);
  const identity = useIdentity(namespace);
  if (!isConnected || !caipAddress) return null;
  return (
    <button type="button" className={['portico-account-button', className ?? ''].filter(Boolean).join(' ')} style={hostButtonStyle} aria-haspopup="dialog" onClick={() => void portico.open('Account')}>
      {identity?.name ?? truncateAddress(caipAddress)}
    </button>
  );
}
