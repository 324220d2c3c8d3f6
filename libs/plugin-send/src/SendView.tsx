import { formatUnits, type Balance, type TokenBalance } from '@portico/kernel';
import { describeError, formatBalance, formatDecimal, formatFixed, formatUsd, parseAmount, TransactionId, useAccount, useBalance, usePluginT, usePortico, useStepFocus, useT, useTokens, type ViewProps } from '@portico/react';
import { Button, Spinner, TextField } from '@portico/ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from './messages';

/** What can be sent: a token the account holds (or the native currency). */
interface Asset {
  key: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Balance in the smallest unit. */
  balance: bigint;
  /** Contract or mint; absent for the native currency. */
  token?: string | undefined;
  /** Price in US dollars, when the wallet or portfolio API knows it. */
  price?: number | undefined;
}

type Step =
  | { name: 'form' }
  | { name: 'review'; key: string; asset: Asset; amount: bigint; to: string; fee: Balance }
  | { name: 'sending'; key: string; asset: Asset; amount: bigint; to: string; fee: Balance }
  /** `id` is empty when the wallet took the transfer but has not reported it in a block yet. */
  | { name: 'sent'; key: string; asset: Asset; amount: bigint; to: string; id: string };

/**
 * Send: pick a token the account holds, an amount (Max leaves the network fee for native
 * transfers) and a recipient the namespace's adapter accepts; the review shows the network fee
 * and refuses what the balance cannot pay before the wallet is asked; the wallet confirms; the
 * result links to the network's explorer.
 */
export default function SendView(_props: ViewProps) {
  const portico = usePortico('SendView');
  const t = useT();
  const p = usePluginT(messages);
  const { namespace, caipAddress, networkId } = useAccount();
  const network = portico.network(networkId);
  const adapter = namespace ? portico.adapter(namespace) : undefined;
  const { data: tokens } = useTokens();
  const { data: native } = useBalance();
  const [chosen, setStep] = useState<Step>({ name: 'form' });
  // A step belongs to the account and network it was made for: after a switch, the form again.
  const accountKey = `${caipAddress}|${networkId}`;
  const step: Step = chosen.name !== 'form' && chosen.key !== accountKey ? { name: 'form' } : chosen;
  const [assetKey, setAssetKey] = useState('native');
  const [amountText, setAmountText] = useState('');
  const [recipient, setRecipient] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; to?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // Moving between steps replaces the focused control: focus goes to the new step's first one.
  const stepRoot = useStepFocus(step.name === 'sending' ? 'review' : step.name);

  if (!network || !adapter?.sendTransfer || !caipAddress) return <p className="pt-muted">{p('send.unavailable')}</p>;
  const nativeAsset: Asset | undefined = native ? { key: 'native', name: network.nativeCurrency.name, symbol: native.symbol, decimals: native.decimals, balance: native.value } : undefined;
  const assets: Asset[] = tokens?.length ? tokens.map(toAsset) : nativeAsset ? [nativeAsset] : [];
  const asset = assets.find((a) => a.key === assetKey) ?? assets[0];
  const nativeBalance = nativeAsset?.balance ?? assets.find((a) => a.key === 'native')?.balance ?? 0n;
  const show = (value: bigint, decimals: number) => formatBalance(value, decimals, 3, t.locale);
  /** The amount being sent, to its last digit (at least the spec's 3 decimals): what the user confirms is exactly what goes. */
  const exact = (value: bigint, decimals: number) => {
    const text = formatUnits(value, decimals);
    return formatDecimal(text, t.locale, Math.max(3, text.split('.')[1]?.length ?? 0));
  };

  const feeFor = (amount: bigint, to: string) => adapter.estimateTransfer!({ to, amount, ...(asset?.token ? { token: asset.token } : {}) }, network);

  async function review(event: FormEvent) {
    event.preventDefault();
    if (!asset || busy) return;
    const found: typeof errors = {};
    const amount = parseAmount(amountText, asset.decimals);
    if (amount === undefined) found.amount = p('send.error.amount', { decimals: String(asset.decimals) });
    else if (amount > asset.balance) found.amount = p('send.error.balance', { symbol: asset.symbol });
    setBusy(true);
    try {
      const checked = adapter!.checkRecipient ? await adapter!.checkRecipient(recipient, network!) : { address: recipient.trim() };
      if ('problem' in checked) found.to = p('send.error.recipient', { problem: checked.problem });
      if (found.amount || found.to || amount === undefined || !('address' in checked)) return setErrors(found);
      let fee: Balance;
      try {
        fee = await feeFor(amount, checked.address);
      } catch (error) {
        return setErrors({ form: p('send.error.estimate', { reason: describeError(error, t).message }) });
      }
      // What the balance cannot pay is refused here, before the wallet is asked.
      if (!asset.token && amount + fee.value > asset.balance) return setErrors({ amount: p('send.error.withFee', { symbol: asset.symbol }) });
      if (asset.token && fee.value > nativeBalance) return setErrors({ form: p('send.error.fee', { symbol: fee.symbol }) });
      setErrors({});
      setStep({ name: 'review', key: accountKey, asset, amount, to: checked.address, fee });
    } finally {
      setBusy(false);
    }
  }

  async function max() {
    if (!asset) return;
    if (asset.token) return setAmountText(formatUnits(asset.balance, asset.decimals));
    // Native: what is left after the network fee of a plain transfer (estimated as one to the account itself).
    const own = caipAddress!.split(':')[2]!;
    const fee = await feeFor(0n, own).catch(() => undefined);
    const left = fee ? asset.balance - fee.value : asset.balance;
    setAmountText(formatUnits(left > 0n ? left : 0n, asset.decimals));
  }

  async function send() {
    if (step.name !== 'review') return;
    setStep({ ...step, name: 'sending' });
    try {
      const id = await adapter!.sendTransfer!({ to: step.to, amount: step.amount, ...(step.asset.token ? { token: step.asset.token } : {}) }, network!);
      setStep({ name: 'sent', key: step.key, asset: step.asset, amount: step.amount, to: step.to, id });
      // The balances changed: the cached ones are read again.
      portico.refreshBalances();
    } catch (error) {
      // Taken by the wallet but not reported in a block in time: never offer Send again for it.
      if ((error as { submitted?: unknown } | null)?.submitted === true) return setStep({ name: 'sent', key: step.key, asset: step.asset, amount: step.amount, to: step.to, id: '' });
      const rejected = (error as { code?: unknown } | null)?.code === 4001;
      setErrors({ form: rejected ? p('send.error.rejected') : describeError(error, t).message });
      setStep({ ...step, name: 'review' });
    }
  }

  if (step.name === 'sent') {
    const explorer = network.blockExplorers?.default;
    return (
      <div className="pt-center" data-testid="send-sent" ref={stepRoot}>
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {p('send.sent', { amount: exact(step.amount, step.asset.decimals), symbol: step.asset.symbol })}
        </p>
        {step.id ? (
          <>
            <TransferStatus id={step.id} p={p} />
            <TransactionId id={step.id} testId="send-id" />
          </>
        ) : (
          <p className="pt-muted" role="status" style={{ margin: 0 }} data-testid="send-status">
            {p('send.status.pending')}
          </p>
        )}
        {explorer && step.id ? (
          <a href={`${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(step.id)}`} target="_blank" rel="noopener noreferrer" data-testid="send-explorer">
            {p('send.explorer', { explorer: explorer.name })}
          </a>
        ) : null}
        <Button block onClick={() => portico.kernel.router.back()}>
          {p('send.done')}
        </Button>
      </div>
    );
  }

  if (step.name === 'review' || step.name === 'sending') {
    return (
      <div data-testid="send-review" ref={stepRoot}>
        <dl className="pt-stack" style={{ margin: 0 }}>
          <Row label={p('send.amount')} testId="send-review-amount" ltr>
            {exact(step.amount, step.asset.decimals)} {step.asset.symbol}
          </Row>
          <Row label={p('send.to')} testId="send-review-to" ltr>
            {step.to}
          </Row>
          <Row label={p('send.network')}>{network.name}</Row>
          <Row label={p('send.fee')} testId="send-review-fee" ltr>
            ≈ {formatFixed(Number(formatUnits(step.fee.value, step.fee.decimals)), t.locale, 6)} {step.fee.symbol}
          </Row>
        </dl>
        {errors.form ? (
          <p className="pt-error" role="alert" data-testid="send-error">
            {errors.form}
          </p>
        ) : null}
        <div className="pt-row">
          <Button variant="secondary" block disabled={step.name === 'sending'} onClick={() => setStep({ name: 'form' })}>
            {p('send.back')}
          </Button>
          <Button block loading={step.name === 'sending'} onClick={() => void send()} data-testid="send-confirm">
            {step.name === 'sending' ? p('send.confirmInWallet') : p('send.send')}
          </Button>
        </div>
      </div>
    );
  }

  if (!asset) {
    return (
      <p className="pt-row pt-muted" role="status" data-testid="send-loading">
        <Spinner size={16} label="" /> {p('send.loading')}
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void review(e)} noValidate data-testid="send-form" ref={stepRoot}>
      <div className="pt-field">
        <label className="pt-label" htmlFor="pt-send-token">
          {p('send.token')}
        </label>
        <select id="pt-send-token" className="pt-input" value={asset.key} onChange={(e) => setAssetKey(e.target.value)} data-testid="send-token">
          {assets.map((a) => (
            <option key={a.key} value={a.key}>
              {a.symbol} · {show(a.balance, a.decimals)}
            </option>
          ))}
        </select>
      </div>
      <div className="pt-row" style={{ alignItems: 'flex-end' }}>
        <TextField
          label={p('send.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          error={errors.amount}
          description={fiatPreview(amountText, asset, t.locale)}
          data-testid="send-amount"
        />
        <Button variant="secondary" onClick={() => void max()} data-testid="send-max">
          {p('send.max')}
        </Button>
      </div>
      <TextField label={p('send.to')} dir="ltr" spellCheck={false} autoComplete="off" value={recipient} onChange={(e) => setRecipient(e.target.value)} error={errors.to} data-testid="send-to" />
      {errors.form ? (
        <p className="pt-error" role="alert" data-testid="send-error">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" block loading={busy} data-testid="send-review-button">
        {p('send.review')}
      </Button>
    </form>
  );
}

/** Until the network says: waiting, then confirmed, failed on chain or dropped (polled every 1.5 s, for at most 10 minutes). */
function TransferStatus({ id, p }: { id: string; p: ReturnType<typeof usePluginT> }) {
  const portico = usePortico('SendView');
  const { namespace, networkId } = useAccount();
  const [status, setStatus] = useState<'pending' | 'confirmed' | 'failed' | 'dropped'>('pending');
  useEffect(() => {
    const adapter = namespace ? portico.adapter(namespace) : undefined;
    const network = portico.network(networkId);
    if (!adapter?.transferStatus || !network) return;
    let live = true;
    const deadline = Date.now() + 600_000;
    const poll = async () => {
      while (live && Date.now() < deadline) {
        const next = await adapter.transferStatus!(id, network).catch(() => 'pending' as const);
        if (!live) return;
        setStatus(next);
        if (next !== 'pending') {
          // What the account holds changed once more (a dropped transfer gave the amount back).
          portico.refreshBalances();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
    };
    void poll();
    return () => {
      live = false;
    };
  }, [id, portico, namespace, networkId]);
  return (
    <p className={status === 'pending' || status === 'confirmed' ? 'pt-muted' : 'pt-error'} role={status === 'failed' || status === 'dropped' ? 'alert' : 'status'} style={{ margin: 0 }} data-testid="send-status" data-status={status}>
      {p(`send.status.${status}`)}
    </p>
  );
}

/** One line of the review: a label and a value (addresses and amounts kept left to right). */
function Row({ label, testId, ltr, children }: { label: string; testId?: string; ltr?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }} dir={ltr ? 'ltr' : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** "≈ $12.50" under the amount when the token's price is known and the amount reads. */
export function fiatPreview(text: string, asset: Asset, locale: string): string | undefined {
  if (asset.price === undefined) return undefined;
  const amount = parseAmount(text, asset.decimals);
  return amount === undefined ? undefined : `≈ ${formatUsd(Number(formatUnits(amount, asset.decimals)) * asset.price, locale)}`;
}

function toAsset(token: TokenBalance): Asset {
  const [whole = '0', fraction = ''] = token.quantity.numeric.split('.');
  const balance = BigInt(`${whole}${fraction.padEnd(token.quantity.decimals, '0').slice(0, token.quantity.decimals)}`);
  return { key: token.address ?? 'native', name: token.name, symbol: token.symbol, decimals: token.quantity.decimals, balance, ...(token.address ? { token: token.address } : {}), ...(token.price !== undefined ? { price: token.price } : {}) };
}
