import { TokenRow } from '@portico/ui';
import { formatBalance, formatQuantity, formatUsd, readFailureKind } from '@portico/core';
import { useAccount } from '../hooks/useAccount';
import { useBalance } from '../hooks/useBalance';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import { useTokens } from '../hooks/useTokens';

/** Spec: amounts to 3 decimals, floored as the header's balance is (one number, one rule), token values to 2 (in US dollars), in the locale's digits. */
const amount = (numeric: string, locale: string) => formatQuantity(numeric, locale, 3);
const fiat = (value: number | undefined, locale: string) => (value === undefined ? undefined : formatUsd(value, locale));

/** Tokens tab: the wallet's tokens (EIP-7811) when it reports them, else the native balance. */
export default function AccountTokensView() {
  const portico = usePortico('AccountTokensView');
  const t = useT();
  const network = portico.network(useAccount().networkId);
  const { data: tokens, error: tokensError } = useTokens();
  const { data: balance, error: balanceError } = useBalance();
  if (tokens?.length) {
    return (
      <ul className="pt-list" data-testid="token-list">
        {tokens.map((token) => (
          <li key={token.address ?? 'native'}>
            <TokenRow name={token.name} symbol={token.symbol} iconUrl={token.iconUrl} quantity={amount(token.quantity.numeric, t.locale)} value={fiat(token.value, t.locale)} />
          </li>
        ))}
      </ul>
    );
  }
  // Neither the wallet's tokens nor the native balance could be read: say so (it is being retried).
  const failure = tokensError ?? balanceError;
  if (!balance && failure) {
    return (
      <p className="pt-muted" role="status" data-testid="tokens-error">
        {t(`account.tokensError.${readFailureKind(failure)}`)}
      </p>
    );
  }
  if (!balance || !network) return <p className="pt-muted">{t('account.noTokens')}</p>;
  return <TokenRow name={network.nativeCurrency.name} symbol={balance.symbol} iconUrl={network.imageUrl} quantity={formatBalance(balance.value, balance.decimals, 3, t.locale)} />;
}
