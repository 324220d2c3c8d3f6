import { truncateAddress } from '../format/truncateAddress';
import { useAccount } from '../hooks/useAccount';
import { usePortico } from '../hooks/usePortico';
import { hostButtonStyle } from './ConnectButton';

/** The connected address; opens the Account view. Renders nothing while disconnected. */
export function AccountButton({ className, namespace }: { className?: string; namespace?: string }) {
  const portico = usePortico('AccountButton');
  const { isConnected, caipAddress } = useAccount(namespace);
  if (!isConnected || !caipAddress) return null;
  return (
    <button type="button" className={['portico-account-button', className ?? ''].filter(Boolean).join(' ')} style={hostButtonStyle} aria-haspopup="dialog" onClick={() => void portico.open('Account')}>
      {truncateAddress(caipAddress)}
    </button>
  );
}
