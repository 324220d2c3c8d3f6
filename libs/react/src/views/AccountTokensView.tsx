import { TokenRow } from '@portico/ui';
import { formatBalance, formatQuantity, formatUsd, readFailureKind } from '@portico/core';
import { useAccount } from '../hooks/useAccount';
import { OPEN_VIEW_REFETCH_MS } from '../hooks/useAccountRead';
import { useBalance } from '../hooks/useBalance';
import { usePortico } from '../hooks/usePortico';
import { useModalT } from '../modal/ModalRoot';
import { useTokens } from '../hooks/useTokens';

/** Spec: amounts to 3 decimals, floored as the header's balance is (one number, one rule), token values to 2 (in US dollars), in the locale's digits. */
const amount = (numeric: string, locale: string) => formatQuantity(numeric, locale, 3);
const fiat = (value: number | undefined, locale: string) => (value === undefined ? undefined : formatUsd(value, locale));

/** Tokens tab: the wallet's tokens (EIP-7811) when it reports them, else the native balance. */
export default function AccountTokensView() {
  const portico = usePortico('AccountTokensView');
  const t = useModalT();
  const network = portico.network(useAccount().networkId);
  // Read again while open: tokens that vanished (a fresh chain) go, a node that stops answering is marked.
  const { data: tokens, error: tokensError } = useTokens({ refetchInterval: OPEN_VIEW_REFETCH_MS });
  const { data: balance, error: balanceError } = useBalance({ refetchInterval: OPEN_VIEW_REFETCH_MS });
  /** The rows shown are the last known ones and reading them again failed: say so above them (it is being retried). */
  const staleNote = (failure: Error) => (
    <p className="pt-muted" role="status" data-testid="tokens-stale">
      ({t('account.balanceStale')}) {t(`account.tokensError.${readFailureKind(failure)}`)}
    </p>
  );
  if (tokens?.length) {
    return (
      <>
        {tokensError ? staleNote(tokensError) : null}
        <ul className="pt-list" data-testid="token-list" data-stale={tokensError ? 'true' : undefined}>
          {tokens.map((token) => (
            <li key={token.address ?? 'native'}>
              <TokenRow name={token.name} symbol={token.symbol} iconUrl={token.iconUrl} quantity={amount(token.quantity.numeric, t.locale)} value={fiat(token.value, t.locale)} />
            </li>
          ))}
        </ul>
      </>
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
  const row = <TokenRow name={network.nativeCurrency.name} symbol={balance.symbol} iconUrl={network.imageUrl} quantity={formatBalance(balance.value, balance.decimals, 3, t.locale)} />;
  // The row is the last known balance when reading it again failed.
  return balanceError ? (
    <>
      {staleNote(balanceError)}
      {row}
    </>
  ) : (
    row
  );
}
