import { TokenRow } from '@portico/ui';
import { formatBalance } from '../format/formatBalance';
import { useAccount } from '../hooks/useAccount';
import { useBalance } from '../hooks/useBalance';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Tokens tab: the native balance (portfolio tokens arrive with the chain plugins). */
export default function AccountTokensView() {
  const portico = usePortico('AccountTokensView');
  const t = useT();
  const network = portico.network(useAccount().networkId);
  const balance = useBalance();
  if (!balance || !network) return <p className="pt-muted">{t('account.noTokens')}</p>;
  return <TokenRow name={network.nativeCurrency.name} symbol={balance.symbol} iconUrl={network.imageUrl} quantity={formatBalance(balance.value, balance.decimals)} />;
}
