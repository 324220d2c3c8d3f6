import { formatUnits, type ChainAdapter, type Network } from '@portico/kernel';
import { fetchPublicJson } from '@portico/kernel/http';
import { describeError, formatBalance, formatFixed, parseAmount, TransactionId, useAccount, useLoaded, usePluginT, usePortico, useStepFocus, useT, useTokens, type ViewProps } from '@portico/react';
import { Button, Spinner, TextField } from '@portico/ui';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { NATIVE_TOKEN, swapsSettingsRef, type SwapIo, type SwapProvider, type SwapQuoteRequest, type SwapsSettings, type SwapTransaction } from './api';
import { messages } from './messages';
import { loadProviders } from './providers/loadProviders';
import { readTokenBalance } from './providers/erc20';
import { bestQuote, isSwapProblem, parseSlippage, type BestQuote } from './swapFlow';

/** A token the pickers offer: the native currency, the network's token list and what the account holds. */
interface Token {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}

/** A quote with what the review shows beside it. */
interface Priced extends BestQuote {
  /** Network fee in the native currency's smallest unit (approval included), when it could be estimated. */
  fee: bigint | undefined;
  needsApproval: boolean;
}

/** A quote round's outcome. */
type Quote = { state: 'ready'; priced: Priced } | { state: 'error'; message: string };

type Step =
  | { name: 'form' }
  | { name: 'review'; priced: Priced; requoted?: boolean }
  | { name: 'running'; priced: Priced; phase: 'quote' | 'approve' | 'approving' | 'swap' | 'swapping' }
  /** `pending`: sent, and not yet in a block after 10 minutes (never offered again). */
  | { name: 'done'; priced: Priced; hash: string; bought: bigint; pending?: boolean };

/** Gas a V2-style swap takes when it cannot be estimated yet (before the approval): a safe upper figure for the fee shown. */
const SWAP_GAS_FALLBACK = 250_000n;
/** Quotes are asked for 500 ms after the last keystroke (the spec's default debounce). */
const DEBOUNCE_MS = 500;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isNative = (token: string) => same(token, NATIVE_TOKEN);

/**
 * Swap: token in and token out (the account's tokens and the network's list), amount and
 * slippage; the best quote of the configured providers with its rate, price impact, network fee
 * and minimum received; a review; the approval when the allowance is short, then the swap; its
 * status until the network confirms it. On a network the host did not enable, it says so.
 */
export default function SwapView(_props: ViewProps) {
  const portico = usePortico('SwapView');
  const p = usePluginT(messages);
  const { namespace, caipAddress, networkId } = useAccount();
  const settings = useLoaded(portico.kernel.hasService(swapsSettingsRef) ? portico.kernel.getService(swapsSettingsRef) : undefined);
  const network = portico.network(networkId);
  const adapter = namespace === 'eip155' ? portico.adapter('eip155') : undefined;
  if (settings instanceof Error) {
    return (
      <p className="pt-error" role="alert" data-testid="swap-unavailable">
        {p('swap.error.options', { reason: settings.message })}
      </p>
    );
  }
  if (!caipAddress || !adapter?.readRpc || !adapter.getProvider || !adapter.transferStatus || !settings || !network) {
    return (
      <p className="pt-muted" role="status" data-testid="swap-unavailable">
        {p('swap.notConnected')}
      </p>
    );
  }
  if (!settings.networks.includes(network.caipNetworkId)) {
    return (
      <div className="pt-center" data-testid="swap-unavailable">
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {p('swap.unavailable', { network: network.name })}
        </p>
        <p className="pt-muted" style={{ margin: 0 }}>
          {p('swap.unavailableHint')}
        </p>
      </div>
    );
  }
  // A swap belongs to the account and network it was made for: a switch starts again.
  return <SwapForm key={`${caipAddress}|${network.caipNetworkId}`} account={caipAddress.split(':')[2]!} network={network} adapter={adapter} settings={settings} />;
}

function SwapForm({ account, network, adapter, settings }: { account: string; network: Network; adapter: ChainAdapter; settings: SwapsSettings }) {
  const portico = usePortico('SwapView');
  const t = useT();
  const p = usePluginT(messages);
  const { data: held } = useTokens();
  const chainId = Number(network.caipNetworkId.split(':')[1]);
  const io: SwapIo = useMemo(() => ({ rpc: (method, params) => adapter.readRpc!(method, params, network), json: (url, init) => fetchPublicJson(url, init) }), [adapter, network]);
  const native: Token = { address: NATIVE_TOKEN, symbol: network.nativeCurrency.symbol, name: network.nativeCurrency.name, decimals: network.nativeCurrency.decimals };
  const tokens: Token[] = [native];
  for (const token of [...(network.tokens ?? []), ...(held ?? []).flatMap((h) => (h.address ? [{ address: h.address, symbol: h.symbol, name: h.name, decimals: h.quantity.decimals }] : []))]) {
    if (/^0x[0-9a-fA-F]{40}$/.test(token.address) && !tokens.some((x) => same(x.address, token.address))) tokens.push({ address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals });
  }
  const [sellAddress, setSell] = useState(NATIVE_TOKEN);
  const [buyAddress, setBuy] = useState<string | undefined>(undefined);
  const sell = tokens.find((x) => same(x.address, sellAddress)) ?? native;
  const buy = tokens.find((x) => buyAddress !== undefined && same(x.address, buyAddress)) ?? tokens.find((x) => !same(x.address, sell.address));
  const [amountText, setAmountText] = useState('');
  const [slippageText, setSlippageText] = useState(String(settings.slippage));
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  const [answer, setAnswer] = useState<{ key: string; result: Quote } | undefined>(undefined);
  const [repricing, setRepricing] = useState(false);
  // Asking again after a failed quote: part of the quote's key.
  const [retries, setRetries] = useState(0);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [errors, setErrors] = useState<{ amount?: string; slippage?: string; form?: string }>({});
  const providers = useRef<Promise<SwapProvider[]> | undefined>(undefined);
  providers.current ??= loadProviders(settings, (message, error) => portico.kernel.logger.warn(message, error));
  const stepRoot = useStepFocus(step.name === 'running' ? 'review' : step.name);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const balanceOf = (token: Token) => readTokenBalance(io, isNative(token.address) ? undefined : token.address, account);
  const refreshBalance = async (token: Token) => {
    const value = await balanceOf(token).catch(() => undefined);
    if (value !== undefined) setBalances((b) => ({ ...b, [token.address.toLowerCase()]: value }));
    return value;
  };
  useEffect(() => {
    let live = true;
    const pair = buy ? [sell, buy] : [sell];
    void Promise.all(pair.map((token) => balanceOf(token).catch(() => undefined))).then((values) => {
      if (!live) return;
      setBalances((b) => ({ ...b, ...Object.fromEntries(pair.flatMap((token, i) => (values[i] === undefined ? [] : [[token.address.toLowerCase(), values[i]]]))) }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the pair changes
  }, [sell.address, buy?.address]);
  const balance = (token: Token | undefined) => (token ? balances[token.address.toLowerCase()] : undefined);
  const slippage = parseSlippage(slippageText);
  const amount = parseAmount(amountText, sell.decimals);

  /** The best quote for the form as it is, with the network fee and whether an approval comes first. */
  const price = async (again?: SwapQuoteRequest): Promise<Priced> => {
    if (!again && (!buy || amount === undefined || slippage === undefined)) throw new Error('incomplete form');
    const request = again ?? { network, chainId, account, sellToken: sell.address, buyToken: buy!.address, sellAmount: amount!, slippageBps: Math.round(slippage! * 100) };
    const best = await bestQuote(await providers.current!, request, io, settings.quoteTtlMs);
    const allowance = best.quote.spender ? await best.provider.allowance(best.quote, io) : undefined;
    const needsApproval = allowance !== undefined && allowance < request.sellAmount;
    const gasPrice = await io.rpc('eth_gasPrice', []).then((hex) => BigInt(hex as string)).catch(() => undefined);
    let gas: bigint | undefined;
    try {
      if (needsApproval) gas = (await estimateGas(io, account, await best.provider.approval(best.quote, io))) + SWAP_GAS_FALLBACK;
      else gas = await estimateGas(io, account, await best.provider.buildSwap(best.quote, io)).catch(() => SWAP_GAS_FALLBACK);
    } catch {
      gas = undefined;
    }
    return { ...best, needsApproval, fee: gas !== undefined && gasPrice !== undefined ? gas * gasPrice : undefined };
  };

  const quoteError = (error: unknown) => (isSwapProblem(error) && error.swapProblem === 'no-route' ? p('swap.error.noRoute', { reason: error.message }) : p('swap.error.quote', { reason: describeError(error, t).message }));
  /** What a quote depends on; undefined while the form is incomplete. */
  const formKey = buy && amount !== undefined && slippage !== undefined && !same(sell.address, buy.address) ? `${sell.address}|${buy.address}|${amount}|${slippage}|${retries}` : undefined;
  const quote: Quote | { state: 'idle' | 'loading' } =
    formKey === undefined ? (buy && same(sell.address, buy.address) ? { state: 'error', message: p('swap.error.sameToken') } : { state: 'idle' }) : repricing || answer?.key !== formKey ? { state: 'loading' } : answer.result;

  // A quote for what the form says, 500 ms after it last changed; an answer for an older form is dropped.
  useEffect(() => {
    if (step.name !== 'form' || formKey === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      price().then(
        (priced) => live && setAnswer({ key: formKey, result: { state: 'ready', priced } }),
        (error: unknown) => live && setAnswer({ key: formKey, result: { state: 'error', message: quoteError(error) } }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form's values (its key) are what a quote depends on
  }, [formKey, step.name]);

  /** What the balances cannot pay, refused before the wallet is asked. */
  const affordable = (priced: Priced): string | undefined => {
    const sellBalance = balance(sell);
    const nativeBalance = balance(native);
    const fee = priced.fee ?? 0n;
    if (sellBalance !== undefined && priced.quote.request.sellAmount > sellBalance) return p('swap.error.balance', { symbol: sell.symbol });
    if (isNative(sell.address) && sellBalance !== undefined && priced.quote.request.sellAmount + fee > sellBalance) return p('swap.error.withFee', { symbol: native.symbol });
    if (!isNative(sell.address) && nativeBalance !== undefined && fee > nativeBalance) return p('swap.error.fee', { symbol: native.symbol });
    return undefined;
  };

  async function review(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (amount === undefined) found.amount = p('swap.error.amount', { decimals: String(sell.decimals) });
    if (slippage === undefined) found.slippage = p('swap.error.slippage');
    if (found.amount || found.slippage) return setErrors(found);
    await refreshBalance(native);
    if (!isNative(sell.address)) await refreshBalance(sell);
    let priced = quote.state === 'ready' ? quote.priced : undefined;
    if (!priced || Date.now() > priced.expiresAt) {
      setRepricing(true);
      try {
        priced = await price();
        setAnswer({ key: formKey!, result: { state: 'ready', priced } });
      } catch (error) {
        setAnswer({ key: formKey!, result: { state: 'error', message: quoteError(error) } });
        return;
      } finally {
        setRepricing(false);
      }
    }
    const problem = affordable(priced);
    if (problem) return setErrors({ amount: problem });
    setErrors({});
    setStep({ name: 'review', priced });
  }

  async function confirm(priced: Priced) {
    // A quote past its time is asked for again and shown before anything is sent.
    if (Date.now() > priced.expiresAt) {
      setStep({ name: 'running', priced, phase: 'quote' });
      try {
        const fresh = await price(priced.quote.request);
        setErrors({});
        return setStep({ name: 'review', priced: fresh, requoted: true });
      } catch (error) {
        setErrors({ form: quoteError(error) });
        return setStep({ name: 'review', priced });
      }
    }
    const { quote: q, provider } = priced;
    const wallet = adapter.getProvider!() as { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
    /** Closing the modal (or leaving the view) stops the flow before the next wallet prompt. */
    const leftView = () => !mounted.current;
    const send = async (tx: SwapTransaction, gas?: bigint) => {
      if (leftView()) throw new Error('The Swap view was closed');
      return (await wallet.request({ method: 'eth_sendTransaction', params: [{ from: account, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}`, ...(gas ? { gas: `0x${gas.toString(16)}` } : {}) }] })) as string;
    };
    const settle = async (hash: string) => {
      const sentAt = Date.now();
      const deadline = sentAt + 600_000;
      while (Date.now() < deadline && !leftView()) {
        const status = await adapter.transferStatus!(hash, network).catch(() => 'pending' as const);
        // A node that does not know the transaction yet (the wallet sent it through another) is not a drop: a minute's grace.
        if (status !== 'pending' && !(status === 'dropped' && Date.now() - sentAt < 60_000)) return status;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      return 'pending' as const;
    };
    const percent = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(q.request.slippageBps / 100);
    setErrors({});
    let phase: 'approve' | 'swap' = 'approve';
    try {
      if (priced.needsApproval) {
        setStep({ name: 'running', priced, phase: 'approve' });
        const approval = await send(await provider.approval(q, io));
        setStep({ name: 'running', priced, phase: 'approving' });
        const approved = await settle(approval);
        if (leftView()) return;
        if (approved !== 'confirmed') {
          setErrors({ form: p(approved === 'pending' ? 'swap.error.approvalPending' : 'swap.error.approvalFailed') });
          return setStep({ name: 'review', priced: { ...priced, needsApproval: (await provider.allowance(q, io).catch(() => 0n)) < q.request.sellAmount } });
        }
      }
      phase = 'swap';
      setStep({ name: 'running', priced, phase: 'swap' });
      const tx = await provider.buildSwap(q, io);
      let gas: bigint;
      try {
        gas = await estimateGas(io, account, tx);
      } catch {
        // The node says it would revert now: the pools moved past the minimum since the quote.
        setErrors({ form: p('swap.error.wouldRevert', { slippage: percent }) });
        return setStep({ name: 'review', priced: { ...priced, needsApproval: false, expiresAt: 0 } });
      }
      const before = isNative(q.request.buyToken) ? undefined : await readTokenBalance(io, q.request.buyToken, account).catch(() => undefined);
      // The wallet gets the gas with the transaction (a quarter above the estimate), as a dapp's swap does.
      const hash = await send(tx, (gas * 5n) / 4n);
      setStep({ name: 'running', priced, phase: 'swapping' });
      const status = await settle(hash);
      portico.refreshBalances();
      if (leftView()) return;
      void refreshBalance(sell);
      if (buy) void refreshBalance(buy);
      if (status === 'confirmed' || status === 'pending') {
        // What arrived, read on chain (the native currency's change would include the gas: the quote says it instead).
        const after = before === undefined ? undefined : await readTokenBalance(io, q.request.buyToken, account).catch(() => undefined);
        return setStep({ name: 'done', priced, hash, bought: after !== undefined && before !== undefined ? after - before : q.buyAmount, pending: status === 'pending' });
      }
      setErrors({ form: status === 'failed' ? p('swap.error.reverted', { slippage: percent }) : p('swap.error.dropped') });
      setStep({ name: 'review', priced: { ...priced, needsApproval: false, expiresAt: 0 } });
    } catch (error) {
      if (leftView()) return;
      const rejected = (error as { code?: unknown } | null)?.code === 4001;
      setErrors({ form: rejected ? p(phase === 'approve' ? 'swap.error.approvalRejected' : 'swap.error.rejected') : describeError(error, t).message });
      const stillShort = q.spender ? (await provider.allowance(q, io).catch(() => 0n)) < q.request.sellAmount : false;
      setStep({ name: 'review', priced: { ...priced, needsApproval: stillShort } });
    }
  }

  /** The tokens a quote sells and buys (from its request, never the form, which may have changed since). */
  const pairOf = (priced: Priced) => {
    const { request } = priced.quote;
    const find = (address: string) => tokens.find((x) => same(x.address, address)) ?? { address, symbol: '?', name: address, decimals: 0 };
    return { sold: find(request.sellToken), bought: find(request.buyToken) };
  };

  const show = (value: bigint, decimals: number) => formatBalance(value, decimals, 3, t.locale);
  const details = (priced: Priced) => {
    const { quote: q } = priced;
    const { sold: soldToken, bought: boughtToken } = pairOf(priced);
    const rate = Number(formatUnits(q.buyAmount, boughtToken.decimals)) / Number(formatUnits(q.request.sellAmount, soldToken.decimals));
    return (
      <dl className="pt-stack" style={{ margin: 0 }} data-testid="swap-quote">
        <Row label={p('swap.rate')} testId="swap-rate">
          1 {soldToken.symbol} ≈ {formatFixed(rate, t.locale, rate >= 1 ? 3 : 6)} {boughtToken.symbol}
        </Row>
        <Row label={p('swap.buy')} testId="swap-buy-amount">
          {show(q.buyAmount, boughtToken.decimals)} {boughtToken.symbol}
        </Row>
        <Row label={p('swap.minReceived')} testId="swap-min-received">
          {show(q.minBuyAmount, boughtToken.decimals)} {boughtToken.symbol}
        </Row>
        <Row label={p('swap.priceImpact')} testId="swap-price-impact">
          {q.priceImpact === undefined ? p('swap.unknown') : `${formatFixed(q.priceImpact * 100, t.locale, 2)} %`}
        </Row>
        <Row label={p('swap.networkFee')} testId="swap-fee">
          {priced.fee === undefined ? p('swap.unknown') : `≈ ${formatFixed(Number(formatUnits(priced.fee, native.decimals)), t.locale, 6)} ${native.symbol}`}
        </Row>
        <Row label={p('swap.provider')} testId="swap-provider">
          {priced.provider.name}
        </Row>
      </dl>
    );
  };

  if (step.name === 'done') {
    const { quote: q } = step.priced;
    const { sold: soldToken, bought: boughtToken } = pairOf(step.priced);
    const explorer = network.blockExplorers?.default;
    return (
      <div className="pt-center" data-testid="swap-done" ref={stepRoot}>
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {step.pending
            ? p('swap.pending', { sold: show(q.request.sellAmount, soldToken.decimals), sellSymbol: soldToken.symbol })
            : p('swap.done', { sold: show(q.request.sellAmount, soldToken.decimals), sellSymbol: soldToken.symbol, bought: show(step.bought, boughtToken.decimals), buySymbol: boughtToken.symbol })}
        </p>
        <TransactionId id={step.hash} testId="swap-hash" />
        {explorer ? (
          <a href={`${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(step.hash)}`} target="_blank" rel="noopener noreferrer" data-testid="swap-explorer">
            {p('swap.explorer', { explorer: explorer.name })}
          </a>
        ) : null}
        <Button block onClick={() => portico.kernel.router.back()}>
          {p('swap.close')}
        </Button>
      </div>
    );
  }

  if (step.name === 'review' || step.name === 'running') {
    const { priced } = step;
    const phase = step.name === 'running' ? step.phase : undefined;
    const { sold: soldToken } = pairOf(priced);
    const sold = show(priced.quote.request.sellAmount, soldToken.decimals);
    return (
      <div className="pt-stack" data-testid="swap-review" ref={stepRoot}>
        <p style={{ margin: 0, fontWeight: 600 }} data-testid="swap-review-sell">
          {p('swap.sell')}: {sold} {soldToken.symbol}
        </p>
        {details(priced)}
        {step.name === 'review' && step.requoted ? (
          <p className="pt-muted" role="alert" data-testid="swap-requoted">
            {p('swap.requoted')}
          </p>
        ) : null}
        {priced.needsApproval ? (
          <p className="pt-muted" style={{ margin: 0 }} data-testid="swap-approve-note">
            {p('swap.approveNote', { amount: sold, symbol: soldToken.symbol })}
          </p>
        ) : null}
        {phase ? (
          <p className="pt-row pt-muted" role="status" data-testid="swap-status" data-phase={phase}>
            <Spinner size={16} label="" /> {p(`swap.step.${phase}`, { symbol: soldToken.symbol })}
          </p>
        ) : null}
        {errors.form ? (
          <p className="pt-error" role="alert" data-testid="swap-error">
            {errors.form}
          </p>
        ) : null}
        <div className="pt-row">
          <Button variant="secondary" block disabled={!!phase} onClick={() => setStep({ name: 'form' })}>
            {p('swap.back')}
          </Button>
          <Button block loading={!!phase} onClick={() => void confirm(priced)} data-testid="swap-confirm">
            {priced.needsApproval ? p('swap.approveAndSwap', { symbol: soldToken.symbol }) : p('swap.swap')}
          </Button>
        </div>
      </div>
    );
  }

  const sellBalance = balance(sell);
  return (
    <form onSubmit={(e) => void review(e)} noValidate data-testid="swap-form" ref={stepRoot}>
      <TokenSelect id="pt-swap-sell" label={p('swap.sell')} tokens={tokens} value={sell.address} onChange={setSell} testId="swap-sell-token" />
      <div className="pt-row" style={{ alignItems: 'flex-end' }}>
        <TextField
          label={p('swap.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          error={errors.amount}
          description={sellBalance === undefined ? undefined : p('swap.balance', { amount: show(sellBalance, sell.decimals), symbol: sell.symbol })}
          data-testid="swap-amount"
        />
        <Button
          variant="secondary"
          onClick={() => {
            if (sellBalance === undefined) return;
            // The native currency keeps what a swap's gas may cost.
            const keep = isNative(sell.address) ? 10n ** BigInt(Math.max(0, native.decimals - 2)) : 0n;
            setAmountText(formatUnits(sellBalance > keep ? sellBalance - keep : 0n, sell.decimals));
          }}
          data-testid="swap-max"
        >
          {p('swap.max')}
        </Button>
      </div>
      <div className="pt-row" style={{ justifyContent: 'center' }}>
        <Button
          variant="secondary"
          aria-label={p('swap.flip')}
          onClick={() => {
            if (!buy) return;
            setSell(buy.address);
            setBuy(sell.address);
          }}
          data-testid="swap-flip"
        >
          ⇅
        </Button>
      </div>
      <TokenSelect id="pt-swap-buy" label={p('swap.buy')} tokens={tokens.filter((x) => !same(x.address, sell.address))} value={buy?.address ?? ''} onChange={setBuy} testId="swap-buy-token" />
      <TextField label={p('swap.slippage')} inputMode="decimal" autoComplete="off" value={slippageText} onChange={(e) => setSlippageText(e.target.value)} error={errors.slippage} data-testid="swap-slippage" />
      <div aria-live="polite">
        {quote.state === 'loading' ? (
          <p className="pt-row pt-muted" data-testid="swap-quoting">
            <Spinner size={16} label="" /> {p('swap.quoting')}
          </p>
        ) : quote.state === 'ready' ? (
          details(quote.priced)
        ) : quote.state === 'error' ? (
          <div className="pt-row" style={{ alignItems: 'center' }}>
            <p className="pt-error" style={{ flex: 1 }} data-testid="swap-error">
              {quote.message}
            </p>
            <Button variant="secondary" onClick={() => setRetries((n) => n + 1)} data-testid="swap-retry">
              {p('swap.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      <Button type="submit" block disabled={quote.state === 'error' || quote.state === 'loading'} data-testid="swap-review-button">
        {p('swap.review')}
      </Button>
    </form>
  );
}

/** `eth_estimateGas` of a transaction from the account, through the network's RPC. */
async function estimateGas(io: SwapIo, from: string, tx: SwapTransaction): Promise<bigint> {
  const hex = await io.rpc('eth_estimateGas', [{ from, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}` }]);
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw new Error('eth_estimateGas answered with something other than a hex quantity');
  return BigInt(hex);
}

function TokenSelect({ id, label, tokens, value, onChange, testId }: { id: string; label: string; tokens: readonly Token[]; value: string; onChange: (address: string) => void; testId: string }) {
  return (
    <div className="pt-field">
      <label className="pt-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="pt-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {tokens.map((token) => (
          <option key={token.address} value={token.address}>
            {token.symbol} · {token.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One line of a quote: a label and a value (amounts kept left to right). */
function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="pt-row" style={{ justifyContent: 'space-between' }}>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0, textAlign: 'end' }} dir="ltr" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
