import type { ChainAdapter, Network } from '@portico/kernel';
import { fetchPublicJson } from '@portico/kernel/http';
import { describeError, parseAmount, useAccount, useLoaded, usePluginT, usePortico, useStepFocus, useT, useTokens, type ViewProps } from '@portico/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { isSwapProblem, swapsSettingsRef, type SwapIo, type SwapProvider, type SwapsSettings } from './api';
import { messages } from './messages';
import { loadProviders } from './providers/loadProviders';
import { SwapDone, SwapReview, SwapUnavailable } from './SwapSteps';
import { SwapFormFields, type QuoteState } from './SwapFormFields';
import { SwapTokenPicker } from './SwapTokenPicker';
import { useSwapBalances } from './useSwapBalances';
import { isNativeToken, parseSlippage, pickToken, priceSwap, runSwap, sameToken, shortfall, swapTokens, type PricedQuote, type SwapContext, type SwapFailure, type SwapPhase } from './swapFlow';

type Step =
  | { name: 'form' }
  | { name: 'review'; priced: PricedQuote; requoted?: boolean; phase?: SwapPhase }
  /** `pending`: sent, and not yet in a block after 10 minutes (never offered again). */
  | { name: 'done'; priced: PricedQuote; hash: string; bought: bigint; pending: boolean };

/** Quotes are asked for 500 ms after the last keystroke (the spec's default debounce). */
const DEBOUNCE_MS = 500;

/**
 * Swap: token in and token out (the account's tokens and the network's list), amount and
 * slippage; the best quote of the configured providers with its rate, price impact, network fee
 * and minimum received; a review; the approval when the allowance is short, then the swap; its
 * status until the network confirms it. On a network the host did not enable, it says so. The
 * flow itself (pricing, the balance check, the approval and the swap) is `swapFlow.ts`'s.
 */
export default function SwapView(_props: ViewProps) {
  const portico = usePortico('SwapView');
  const p = usePluginT(messages);
  const { namespace, caipAddress, networkId } = useAccount();
  const settings = useLoaded(portico.kernel.hasService(swapsSettingsRef) ? portico.kernel.getService(swapsSettingsRef) : undefined);
  const network = portico.network(networkId);
  const adapter = namespace === 'eip155' ? portico.adapter('eip155') : undefined;
  if (settings instanceof Error) return <SwapUnavailable error={p('swap.error.options', { reason: settings.message })} />;
  if (!caipAddress || !adapter?.readRpc || !adapter.getProvider || !adapter.transferStatus || !settings || !network) return <SwapUnavailable note={p('swap.notConnected')} />;
  if (!settings.networks.includes(network.caipNetworkId)) return <SwapUnavailable title={p('swap.unavailable', { network: network.name })} note={p('swap.unavailableHint')} />;
  // A swap belongs to the account and network it was made for: a switch starts again.
  return <SwapForm key={`${caipAddress}|${network.caipNetworkId}`} account={caipAddress.split(':')[2]!} network={network} adapter={adapter} settings={settings} />;
}

function SwapForm({ account, network, adapter, settings }: { account: string; network: Network; adapter: ChainAdapter; settings: SwapsSettings }) {
  const portico = usePortico('SwapView');
  const t = useT();
  const p = usePluginT(messages);
  const { data: held } = useTokens();
  const io: SwapIo = useMemo(() => ({ rpc: (method, params) => adapter.readRpc!(method, params, network), json: (url, init) => fetchPublicJson(url, init) }), [adapter, network]);
  const tokens = swapTokens(network, held);
  const native = tokens[0]!;
  const [sellAddress, setSell] = useState(native.address);
  const [buyAddress, setBuy] = useState<string | undefined>(undefined);
  const sell = tokens.find((x) => sameToken(x.address, sellAddress)) ?? native;
  const buy = tokens.find((x) => buyAddress !== undefined && sameToken(x.address, buyAddress)) ?? tokens.find((x) => !sameToken(x.address, sell.address));
  const [amountText, setAmountText] = useState('');
  const [slippageText, setSlippageText] = useState(String(settings.slippage));
  const [picking, setPicking] = useState<'sell' | 'buy' | undefined>(undefined);
  // The pair's balances, and every token's while the picker is open.
  const [balances, refreshBalance] = useSwapBalances(io, account, picking ? tokens : buy ? [sell, buy] : [sell]);
  const [answer, setAnswer] = useState<{ key: string; result: QuoteState } | undefined>(undefined);
  const [repricing, setRepricing] = useState(false);
  // Asking again after a failed quote: part of the quote's key.
  const [retries, setRetries] = useState(0);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [errors, setErrors] = useState<{ amount?: string; slippage?: string; form?: string }>({});
  const providers = useRef<Promise<SwapProvider[]> | undefined>(undefined);
  providers.current ??= loadProviders(settings, (message, error) => portico.kernel.logger.warn(message, error));
  const context = async (): Promise<SwapContext> => ({ providers: await providers.current!, io, account, ttlMs: settings.quoteTtlMs });
  const stepRoot = useStepFocus(step.name === 'review' && step.phase ? 'review' : step.name);
  const mounted = useRef(true);
  useEffect(() => ((mounted.current = true), () => void (mounted.current = false)), []);
  const slippage = parseSlippage(slippageText);
  const amount = parseAmount(amountText, sell.decimals);
  const quoteError = (error: unknown) => (isSwapProblem(error) && error.swapProblem === 'no-route' ? p('swap.error.noRoute', { reason: error.message }) : p('swap.error.quote', { reason: describeError(error, t).message }));
  /** The best quote for the form as it is, with the network fee and whether an approval comes first. */
  const price = async () => {
    if (!buy || amount === undefined || slippage === undefined) throw new Error('incomplete form');
    return priceSwap(await context(), { network, chainId: Number(network.caipNetworkId.split(':')[1]), account, sellToken: sell.address, buyToken: buy.address, sellAmount: amount, slippageBps: Math.round(slippage * 100) });
  };
  /** What a quote depends on; undefined while the form is incomplete. */
  const formKey = buy && amount !== undefined && slippage !== undefined && !sameToken(sell.address, buy.address) ? `${sell.address}|${buy.address}|${amount}|${slippage}|${retries}` : undefined;
  const quote: QuoteState =
    formKey === undefined ? (buy && sameToken(sell.address, buy.address) ? { state: 'error', message: p('swap.error.sameToken') } : { state: 'idle' }) : repricing || answer?.key !== formKey ? { state: 'loading' } : answer.result;

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

  async function review(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (amount === undefined) found.amount = p('swap.error.amount', { decimals: String(sell.decimals) });
    if (slippage === undefined) found.slippage = p('swap.error.slippage');
    if (found.amount || found.slippage) return setErrors(found);
    const nativeBalance = await refreshBalance(native);
    const sellBalance = isNativeToken(sell.address) ? nativeBalance : await refreshBalance(sell);
    let priced = quote.state === 'ready' ? quote.priced : undefined;
    if (!priced || Date.now() > priced.expiresAt) {
      setRepricing(true);
      try {
        priced = await price();
        setAnswer({ key: formKey!, result: { state: 'ready', priced } });
      } catch (error) {
        return setAnswer({ key: formKey!, result: { state: 'error', message: quoteError(error) } });
      } finally {
        setRepricing(false);
      }
    }
    const short = shortfall(priced, sellBalance ?? balances[sell.address.toLowerCase()], nativeBalance ?? balances[native.address.toLowerCase()]);
    if (short) return setErrors({ amount: p(`swap.error.${short}`, { symbol: short === 'balance' ? sell.symbol : native.symbol }) });
    setErrors({});
    setStep({ name: 'review', priced });
  }

  async function confirm(priced: PricedQuote) {
    const percent = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(priced.quote.request.slippageBps / 100);
    const failure: Record<SwapFailure, (error: unknown) => string> = {
      quote: quoteError,
      approvalPending: () => p('swap.error.approvalPending'),
      approvalFailed: () => p('swap.error.approvalFailed'),
      approvalRejected: () => p('swap.error.approvalRejected'),
      rejected: () => p('swap.error.rejected'),
      wouldRevert: () => p('swap.error.wouldRevert', { slippage: percent }),
      reverted: () => p('swap.error.reverted', { slippage: percent }),
      dropped: () => p('swap.error.dropped'),
      error: (error) => describeError(error, t).message,
    };
    setErrors({});
    const wallet = adapter.getProvider!() as { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
    const outcome = await runSwap(await context(), priced, {
      request: (args) => wallet.request(args),
      status: (hash) => adapter.transferStatus!(hash, network),
      // Closing the modal (or leaving the view) stops the flow before the next wallet prompt.
      stopped: () => !mounted.current,
      phase: (phase) => mounted.current && setStep({ name: 'review', priced, phase }),
      settled: () => portico.refreshBalances(),
    });
    if (outcome.kind === 'stopped' || !mounted.current) return;
    if (outcome.kind === 'requoted') return setStep({ name: 'review', priced: outcome.priced, requoted: true });
    void refreshBalance(sell);
    if (buy) void refreshBalance(buy);
    if (outcome.kind === 'done') return setStep({ name: 'done', priced, hash: outcome.hash, bought: outcome.bought, pending: outcome.pending });
    setErrors({ form: failure[outcome.failure](outcome.error) });
    setStep({ name: 'review', priced: outcome.priced });
  }

  if (step.name === 'done') return <SwapDone {...step} tokens={tokens} network={network} stepRoot={stepRoot} onClose={() => portico.kernel.router.back()} />;
  if (step.name === 'review') return <SwapReview {...step} tokens={tokens} native={native} requoted={!!step.requoted} error={errors.form} stepRoot={stepRoot} onBack={() => setStep({ name: 'form' })} onConfirm={() => void confirm(step.priced)} />;
  if (picking) {
    const pick = (address: string) => {
      const pair = pickToken(picking, address, sell.address, buy?.address ?? native.address);
      setSell(pair.sell);
      setBuy(pair.buy);
      setPicking(undefined);
    };
    return <SwapTokenPicker tokens={tokens} balances={balances} current={picking === 'sell' ? sell.address : buy?.address} onPick={pick} onCancel={() => setPicking(undefined)} />;
  }
  return (
    <SwapFormFields
      {...{ tokens, sell, buy, balances, amountText, slippageText, quote, native, stepRoot, errors }}
      onSubmit={(e) => void review(e)}
      onPick={setPicking}
      onFlip={() => buy && (setSell(buy.address), setBuy(sell.address))}
      onAmount={setAmountText}
      onSlippage={setSlippageText}
      onRetry={() => setRetries((n) => n + 1)}
    />
  );
}
