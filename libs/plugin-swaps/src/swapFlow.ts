import { isSwapProblem, NATIVE_TOKEN, type SwapIo, type SwapProvider, type SwapQuote, type SwapQuoteRequest, type SwapTransaction } from './api';
import { formatUnits, type Network, type TokenBalance } from '@portico/kernel';
import { readTokenBalance } from './providers/erc20';

/** What a quote round gives: the best quote and the provider that made it. */
export interface BestQuote {
  readonly quote: SwapQuote;
  readonly provider: SwapProvider;
  /** When it stops being good (ms since the epoch). */
  readonly expiresAt: number;
}


/**
 * Asks every provider that supports the network, side by side, and keeps the quote that buys
 * the most. When none answers: a `no-route` problem if any said so, else the first error.
 */
export async function bestQuote(providers: readonly SwapProvider[], request: SwapQuoteRequest, io: SwapIo, ttlMs: number, now = Date.now): Promise<BestQuote> {
  const asked = providers.filter((p) => p.supports(request.network.caipNetworkId));
  if (asked.length === 0) throw Object.assign(new Error('No swap provider works on this network'), { swapProblem: 'no-route' as const });
  const answers = await Promise.allSettled(asked.map((p) => p.quote(request, io)));
  let best: BestQuote | undefined;
  answers.forEach((answer, i) => {
    if (answer.status === 'fulfilled' && (!best || answer.value.buyAmount > best.quote.buyAmount)) best = { quote: answer.value, provider: asked[i]!, expiresAt: now() + ttlMs };
  });
  if (best) return best;
  const errors = answers.map((a) => (a as PromiseRejectedResult).reason as unknown);
  throw errors.find((e) => isSwapProblem(e) && e.swapProblem === 'no-route') ?? errors[0];
}

/** A slippage tolerance typed in percent ("0.5", "1"): above 0, at most 50, two decimals at most; undefined otherwise. */
export function parseSlippage(input: string): number | undefined {
  const value = input.trim().replace(',', '.');
  if (!/^\d{1,2}(?:\.\d{1,2})?$/.test(value)) return undefined;
  const percent = Number(value);
  return percent > 0 && percent <= 50 ? percent : undefined;
}

/** A quote with what the review shows beside it. */
export interface PricedQuote extends BestQuote {
  /** Network fee in the native currency's smallest unit (approval included), when it could be estimated. */
  readonly fee: bigint | undefined;
  /** Whether the sell token's allowance is short: an approval goes first. */
  readonly needsApproval: boolean;
}

/** What pricing and swapping use: the providers, the network's reads and the account. */
export interface SwapContext {
  readonly providers: readonly SwapProvider[];
  readonly io: SwapIo;
  /** The account that sells and receives (0x address). */
  readonly account: string;
  /** How long a quote stays good, in ms. */
  readonly ttlMs: number;
  readonly now?: () => number;
}

/** Gas a V2-style swap takes when it cannot be estimated yet (before the approval): a safe upper figure for the fee shown. */
export const SWAP_GAS_FALLBACK = 250_000n;

/** `eth_estimateGas` of a transaction from the account, through the network's RPC. */
export async function estimateGas(io: SwapIo, from: string, tx: SwapTransaction): Promise<bigint> {
  const hex = await io.rpc('eth_estimateGas', [{ from, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}` }]);
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw new Error('eth_estimateGas answered with something other than a hex quantity');
  return BigInt(hex);
}

/**
 * The best quote for a request, with the network fee (the approval's and the swap's gas at the
 * node's gas price; undefined when either cannot be read) and whether an approval comes first.
 */
export async function priceSwap(ctx: SwapContext, request: SwapQuoteRequest): Promise<PricedQuote> {
  const { io, account } = ctx;
  const best = await bestQuote(ctx.providers, request, io, ctx.ttlMs, ctx.now);
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
}

/** What the balances cannot pay: the amount sold, the amount with the fee (selling the native currency), or the fee. */
export type Shortfall = 'balance' | 'withFee' | 'fee';

/** What a priced swap needs that the balances (undefined: unknown, not checked) do not hold. */
export function shortfall(priced: PricedQuote, sellBalance: bigint | undefined, nativeBalance: bigint | undefined): Shortfall | undefined {
  const { sellAmount, sellToken } = priced.quote.request;
  const fee = priced.fee ?? 0n;
  if (sellBalance !== undefined && sellAmount > sellBalance) return 'balance';
  if (isNativeToken(sellToken)) return sellBalance !== undefined && sellAmount + fee > sellBalance ? 'withFee' : undefined;
  return nativeBalance !== undefined && fee > nativeBalance ? 'fee' : undefined;
}

/** Whether a token address names the native currency (`NATIVE_TOKEN`, any case). */
export const isNativeToken = (token: string) => sameToken(token, NATIVE_TOKEN);

/** Where a running swap is: asking again, in the wallet, or waiting for the network. */
export type SwapPhase = 'quote' | 'approve' | 'approving' | 'swap' | 'swapping';

/** Why a swap went back to its review. */
export type SwapFailure = 'quote' | 'approvalPending' | 'approvalFailed' | 'approvalRejected' | 'wouldRevert' | 'rejected' | 'reverted' | 'dropped' | 'error';

/** How `runSwap` ended. */
export type SwapOutcome =
  /** The quote had expired: a fresh one to review before anything is sent. */
  | { readonly kind: 'requoted'; readonly priced: PricedQuote }
  /** Sent; `pending` when not in a block after the wait. `bought` is what arrived (read on chain for a token), else the quote's amount. */
  | { readonly kind: 'done'; readonly hash: string; readonly bought: bigint; readonly pending: boolean }
  /** Back to the review with the quote as it now stands (`needsApproval` read again) and why. */
  | { readonly kind: 'failed'; readonly failure: SwapFailure; readonly priced: PricedQuote; readonly error?: unknown }
  /** The user left (`stopped()`): nothing more was asked of the wallet. */
  | { readonly kind: 'stopped' };

/** What `runSwap` drives: the wallet, the network's transfer status, and the view's hooks. */
export interface SwapRun {
  /** The wallet's EIP-1193 `request`. */
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  /** A transaction's status on the network (the chain adapter's `transferStatus`). */
  status(hash: string): Promise<'pending' | 'confirmed' | 'failed' | 'dropped'>;
  /** Each phase as it starts. */
  phase(phase: SwapPhase): void;
  /** True once the user left: no further wallet prompt, no further wait. */
  stopped(): boolean;
  /** After the swap transaction settled (or the wait ended): balances may have changed. */
  settled?(): void;
  /** Waits between status reads (1 s) and for how long (10 min); a node that does not know the transaction gets 1 min. */
  readonly pollMs?: number;
  readonly waitMs?: number;
  readonly graceMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a reviewed swap: asks again first when the quote expired (`requoted`), then the
 * approval of exactly the amount sold when the allowance is short and its confirmation, a gas
 * estimate (a revert now means the pools moved past the minimum: `wouldRevert`, nothing sent),
 * the swap with that gas plus a quarter, and its status until the network settles it.
 */
export async function runSwap(ctx: SwapContext, priced: PricedQuote, run: SwapRun): Promise<SwapOutcome> {
  const { io, account } = ctx;
  const now = ctx.now ?? Date.now;
  if (now() > priced.expiresAt) {
    run.phase('quote');
    try {
      return { kind: 'requoted', priced: await priceSwap(ctx, priced.quote.request) };
    } catch (error) {
      return { kind: 'failed', failure: 'quote', priced, error };
    }
  }
  const { quote, provider } = priced;
  const stillShort = async () => (quote.spender ? (await provider.allowance(quote, io).catch(() => 0n)) < quote.request.sellAmount : false);
  const send = async (tx: SwapTransaction, gas?: bigint) => {
    if (run.stopped()) throw new Error('The swap was stopped');
    const params = { from: account, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}`, ...(gas ? { gas: `0x${gas.toString(16)}` } : {}) };
    return (await run.request({ method: 'eth_sendTransaction', params: [params] })) as string;
  };
  const settle = async (hash: string) => {
    const sentAt = now();
    while (now() < sentAt + (run.waitMs ?? 600_000) && !run.stopped()) {
      const status = await run.status(hash).catch(() => 'pending' as const);
      // A node that does not know the transaction yet (the wallet sent it through another) is not a drop: a grace period.
      if (status !== 'pending' && !(status === 'dropped' && now() - sentAt < (run.graceMs ?? 60_000))) return status;
      await sleep(run.pollMs ?? 1_000);
    }
    return 'pending' as const;
  };
  let phase: 'approve' | 'swap' = 'approve';
  try {
    if (priced.needsApproval) {
      run.phase('approve');
      const approval = await send(await provider.approval(quote, io));
      run.phase('approving');
      const approved = await settle(approval);
      if (run.stopped()) return { kind: 'stopped' };
      if (approved !== 'confirmed') return { kind: 'failed', failure: approved === 'pending' ? 'approvalPending' : 'approvalFailed', priced: { ...priced, needsApproval: await stillShort() } };
    }
    phase = 'swap';
    run.phase('swap');
    const tx = await provider.buildSwap(quote, io);
    let gas: bigint;
    try {
      gas = await estimateGas(io, account, tx);
    } catch (error) {
      return { kind: 'failed', failure: 'wouldRevert', priced: { ...priced, needsApproval: false, expiresAt: 0 }, error };
    }
    const { buyToken } = quote.request;
    const before = isNativeToken(buyToken) ? undefined : await readTokenBalance(io, buyToken, account).catch(() => undefined);
    // The wallet gets the gas with the transaction (a quarter above the estimate), as a dapp's swap does.
    const hash = await send(tx, (gas * 5n) / 4n);
    run.phase('swapping');
    const status = await settle(hash);
    run.settled?.();
    if (run.stopped()) return { kind: 'stopped' };
    if (status === 'confirmed' || status === 'pending') {
      // What arrived, read on chain (the native currency's change would include the gas: the quote says it instead).
      const after = before === undefined ? undefined : await readTokenBalance(io, buyToken, account).catch(() => undefined);
      return { kind: 'done', hash, bought: after !== undefined && before !== undefined ? after - before : quote.buyAmount, pending: status === 'pending' };
    }
    return { kind: 'failed', failure: status === 'failed' ? 'reverted' : 'dropped', priced: { ...priced, needsApproval: false, expiresAt: 0 } };
  } catch (error) {
    if (run.stopped()) return { kind: 'stopped' };
    const rejected = (error as { code?: unknown } | null)?.code === 4001;
    return { kind: 'failed', failure: rejected ? (phase === 'approve' ? 'approvalRejected' : 'rejected') : 'error', priced: { ...priced, needsApproval: await stillShort() }, error };
  }
}

/** A token the pickers offer. */
export interface SwapToken {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** Untrusted image URL (shown only as data:/https:), from the token list or the wallet. */
  readonly iconUrl?: string | undefined;
  /** Its price in US dollars, when the wallet reports one (EIP-7811 asset metadata): the form shows fiat values with it. */
  readonly price?: number | undefined;
}

/** What can be swapped: the native currency first, then the network's token list and what the account holds (0x contracts, once each). */
export function swapTokens(network: Network, held: readonly TokenBalance[] | undefined): SwapToken[] {
  const { symbol, name, decimals } = network.nativeCurrency;
  const usable = (price: number | undefined) => (price !== undefined && Number.isFinite(price) && price > 0 ? { price } : {});
  const nativePrice = held?.find((h) => !h.address)?.price;
  const tokens: SwapToken[] = [{ address: NATIVE_TOKEN, symbol, name, decimals, iconUrl: network.imageUrl, ...usable(nativePrice) }];
  const candidates = [...(network.tokens ?? []).map((token) => ({ ...token, price: undefined as number | undefined })), ...(held ?? []).flatMap((h) => (h.address ? [{ address: h.address, symbol: h.symbol, name: h.name, decimals: h.quantity.decimals, iconUrl: h.iconUrl, price: h.price }] : []))];
  for (const { address, symbol, name, decimals, iconUrl, price } of candidates) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) continue;
    const known = tokens.findIndex((x) => sameToken(x.address, address));
    // An image (or a price) from one source fills in what the other gave none for.
    if (known >= 0) tokens[known] = { ...tokens[known]!, iconUrl: tokens[known]!.iconUrl ?? iconUrl, ...(tokens[known]!.price === undefined ? usable(price) : {}) };
    else tokens.push({ address, symbol, name, decimals, iconUrl, ...usable(price) });
  }
  return tokens;
}

/** What `amount` (in the token's smallest unit) is worth in US dollars, when the token has a price; undefined otherwise. */
export function fiatValue(amount: bigint | undefined, token: SwapToken | undefined): number | undefined {
  if (amount === undefined || token?.price === undefined) return undefined;
  return Number(formatUnits(amount, token.decimals)) * token.price;
}

/** Whether two token addresses are the same (addresses compare without case). */
export const sameToken = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Max: the whole balance, less what a swap's gas may cost (a hundredth of the native currency) when selling it. */
export const maxSellAmount = (balance: bigint, token: SwapToken): bigint => {
  const keep = isNativeToken(token.address) ? 10n ** BigInt(Math.max(0, token.decimals - 2)) : 0n;
  return balance > keep ? balance - keep : 0n;
};

/** The pair after picking `address` for one side: picking the other side's token swaps the two, as the flip does. */
export function pickToken(side: 'sell' | 'buy', address: string, sell: string, buy: string): { sell: string; buy: string } {
  if (side === 'sell') return { sell: address, buy: sameToken(address, buy) ? sell : buy };
  return { sell: sameToken(address, sell) ? buy : sell, buy: address };
}
