import { TokenRow } from '@portico/ui';
import { useEffect, useState } from 'react';
import { formatBalance } from '../format/formatBalance';
import { useAccount } from '../hooks/useAccount';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import type { Balance } from '@portico/kernel';

/** Tokens tab: the native balance (portfolio tokens arrive with the chain plugins). */
export default function AccountTokensView() {
  const portico = usePortico('AccountTokensView');
  const t = useT();
  const { namespace, networkId } = useAccount();
  const network = portico.network(networkId);
  const [balance, setBalance] = useState<{ key: string; value: Balance }>();
  const key = `${namespace}|${networkId}`;
  useEffect(() => {
    if (!namespace) return;
    let live = true;
    portico.balance(namespace).then((value) => live && value && setBalance({ key, value }), () => undefined);
    return () => {
      live = false;
    };
  }, [portico, namespace, key]);
  const current = balance?.key === key ? balance.value : undefined;
  if (!current || !network) return <p className="pt-muted">{t('account.noTokens')}</p>;
  return <TokenRow name={network.nativeCurrency.name} symbol={current.symbol} iconUrl={network.imageUrl} quantity={formatBalance(current.value, current.decimals)} />;
}
