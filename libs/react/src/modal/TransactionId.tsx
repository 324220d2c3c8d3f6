import { CopyIcon, IconButton } from '@portico/ui';
import { useCopy } from '../hooks/useCopy';
import { useT } from '../hooks/useT';

/** Ids longer than this are shortened to their first 8 and last 6 characters. */
const SHORT_FROM = 18;

/**
 * A transaction's id (an EVM hash, a Solana signature, a Bitcoin txid), shortened as wallets
 * show it (`0x5f1c2a…9be0d4`; the full id is its tooltip and what Copy copies), with a copy
 * button whose name and a status say when it has copied.
 */
export function TransactionId({ id, testId }: { id: string; testId?: string }) {
  const t = useT();
  const { copied, copy } = useCopy();
  const short = id.length > SHORT_FROM ? `${id.slice(0, 8)}…${id.slice(-6)}` : id;
  return (
    <div className="pt-row" style={{ justifyContent: 'center' }}>
      <span className="pt-code" dir="ltr" title={id} data-testid={testId} data-id={id}>
        {short}
      </span>
      <IconButton label={copied ? t('transaction.copied') : t('transaction.copy')} onClick={() => copy(id)}>
        <CopyIcon width={16} height={16} />
      </IconButton>
      <span role="status" className="pt-visually-hidden">
        {copied ? t('transaction.copied') : ''}
      </span>
    </div>
  );
}
