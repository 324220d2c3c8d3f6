import * as z from 'zod/mini';
import { getAddress } from 'viem';
import { isSwapProblem, NATIVE_TOKEN, swapProblem, type SwapIo, type SwapProvider, type SwapQuote, type SwapQuoteRequest } from '../api';
import { erc20Allowance, erc20Approval, lessSlippage } from './erc20';

/** How long a request over the key's rate waits before it is sent once more. */
const RETRY_AFTER_429_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const amount = z.string().check(z.refine((v) => /^\d{1,78}$/.test(v), 'an amount in base units'));
const address = z.string().check(z.refine((v) => /^0x[0-9a-fA-F]{40}$/.test(v), 'a 0x address'));
const hexData = z.string().check(z.refine((v) => /^0x(?:[0-9a-fA-F]{2})*$/.test(v), 'hex data'));

/** `GET /swap/v6.0/{chain}/quote`: what the route gives. */
export const quoteResponse = z.object({ dstAmount: amount });
/** `GET /swap/v6.0/{chain}/approve/spender`: the 1inch router that pulls the sell token. */
export const spenderResponse = z.object({ address });
/** `GET /swap/v6.0/{chain}/approve/transaction`. */
export const approveResponse = z.object({ to: address, data: hexData, value: amount });
/** `GET /swap/v6.0/{chain}/swap`: the transaction, enforcing the minimum out on chain. */
export const swapResponse = z.object({ dstAmount: amount, tx: z.object({ from: address, to: address, data: hexData, value: amount }) });
/** The API's error body (`400`: "insufficient liquidity", "cannot estimate", …). */
const errorBody = z.object({ description: z.string() });

/** An error answer's text as JSON, when it is. */
function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The 1inch Swap API v6.0 (Classic swap): quotes, the spender, allowance and approval, and the
 * swap transaction (slippage in percent; 1inch's router enforces the minimum out). Responses are
 * checked against the API's shapes; an error body's description becomes the message shown.
 */
export function createOneInchProvider(config: { url: string; apiKey?: string | undefined; networks?: readonly string[] | undefined; rps?: number | undefined }, defaultNetworks: readonly string[]): SwapProvider {
  const base = config.url.replace(/\/+$/, '');
  const networks = new Set(config.networks ?? defaultNetworks);
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  // One request at a time, at most `rps` a second when the host gives its key's rate: a burst is what trips a 1-RPS key.
  // 1.1 s / rps, on the monotonic clock: a margin for the way between here and the key's counter.
  const spacingMs = config.rps ? Math.ceil(1100 / config.rps) : 0;
  let line: Promise<unknown> = Promise.resolve();
  let lastSent = -Infinity;
  // A request over the key's rate (the API's or the site's proxy's 429) holds the line for a second and goes once more; a second 429 is said plainly.
  const inTurn = <T>(send: () => Promise<T>): Promise<T> => {
    const turn = line.then(async () => {
      for (let attempt = 0; ; attempt++) {
        await sleep(lastSent + spacingMs - performance.now());
        // Read once the request has been made (a page busy in between would otherwise bring the next one closer).
        let sent: Promise<T>;
        try {
          sent = send();
        } catch (error) {
          sent = Promise.reject(error);
        }
        lastSent = performance.now();
        try {
          return await sent;
        } catch (error) {
          if ((error as { status?: unknown } | null)?.status !== 429) throw error;
          if (attempt > 0) throw swapProblem('provider', '1inch is busy (too many requests): try again in a moment');
          await sleep(RETRY_AFTER_429_MS);
        }
      }
    });
    line = turn.catch(() => undefined);
    return turn;
  };
  const call = async <T>(io: SwapIo, chainId: number, path: string, query: Record<string, string>, schema: z.ZodMiniType<T>): Promise<T> => {
    const url = `${base}/swap/v6.0/${chainId}/${path}?${new URLSearchParams(query).toString()}`;
    let body: unknown;
    try {
      body = await inTurn(() => io.json(url, { headers }));
    } catch (error) {
      if (isSwapProblem(error)) throw error;
      const said = errorBody.safeParse(parseJson((error as { body?: unknown }).body));
      if (said.success) {
        const text = said.data.description.slice(0, 200);
        throw swapProblem(/liquidity|route/i.test(text) ? 'no-route' : 'provider', text);
      }
      throw error;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw swapProblem('provider', `1inch answered ${path} with an unexpected shape: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}`);
    return parsed.data;
  };
  // The router is the same for every quote on a chain: asked once per chain (again after a failure).
  const spenders = new Map<number, Promise<string>>();
  const spenderOf = (io: SwapIo, chainId: number) => {
    let known = spenders.get(chainId);
    if (!known) {
      known = call(io, chainId, 'approve/spender', {}, spenderResponse).then((r) => getAddress(r.address));
      spenders.set(chainId, known);
      known.catch(() => spenders.delete(chainId));
    }
    return known;
  };
  const token = (t: string) => (t.toLowerCase() === NATIVE_TOKEN.toLowerCase() ? NATIVE_TOKEN : getAddress(t));
  const native = (t: string) => t.toLowerCase() === NATIVE_TOKEN.toLowerCase();

  return {
    id: '1inch',
    name: '1inch',
    supports: (networkId) => networks.has(networkId),
    async quote(request: SwapQuoteRequest, io): Promise<SwapQuote> {
      if (token(request.sellToken) === token(request.buyToken)) throw swapProblem('no-route', 'Choose two different tokens');
      const query = { src: token(request.sellToken), dst: token(request.buyToken), amount: request.sellAmount.toString() };
      // The router (1inch's spender) is asked for every quote: the swap transaction must call it, whatever is sold.
      const router = await spenderOf(io, request.chainId);
      const quote = await call(io, request.chainId, 'quote', query, quoteResponse);
      const buyAmount = BigInt(quote.dstAmount);
      if (buyAmount === 0n) throw swapProblem('no-route', '1inch found no route for this amount');
      return { provider: '1inch', request, buyAmount, minBuyAmount: lessSlippage(buyAmount, request.slippageBps), spender: native(request.sellToken) ? undefined : router, router };
    },
    // Read on chain, not taken from the API.
    allowance: (quote, io) => erc20Allowance(quote, io),
    async approval(quote, io) {
      const { request } = quote;
      const tx = await call(io, request.chainId, 'approve/transaction', { tokenAddress: token(request.sellToken), amount: request.sellAmount.toString() }, approveResponse);
      // Exactly approve(router, amount) on the sold token, nothing else: the API's answer must be the one built here.
      const expected = erc20Approval(quote);
      if (getAddress(tx.to) !== getAddress(expected.to) || tx.data.toLowerCase() !== expected.data.toLowerCase() || BigInt(tx.value) !== 0n) throw swapProblem('provider', '1inch answered with another approval than exactly this amount for its router');
      return expected;
    },
    async buildSwap(quote, io) {
      const { request } = quote;
      const query = {
        src: token(request.sellToken),
        dst: token(request.buyToken),
        amount: request.sellAmount.toString(),
        from: getAddress(request.account),
        origin: getAddress(request.account),
        // Percent, as the API takes it.
        slippage: String(request.slippageBps / 100),
        disableEstimate: 'true',
      };
      const swap = await call(io, request.chainId, 'swap', query, swapResponse);
      if (getAddress(swap.tx.from) !== getAddress(request.account)) throw swapProblem('provider', '1inch built the swap for another account');
      if (native(request.sellToken) ? BigInt(swap.tx.value) !== request.sellAmount : BigInt(swap.tx.value) !== 0n) throw swapProblem('provider', '1inch built a swap sending another amount of the native currency');
      if (!quote.router || getAddress(swap.tx.to) !== getAddress(quote.router)) throw swapProblem('provider', '1inch built a swap through another contract than its router');
      // 1inch enforces its slippage on what the route gives now: below the minimum shown, a new quote first.
      if (lessSlippage(BigInt(swap.dstAmount), request.slippageBps) < quote.minBuyAmount) throw swapProblem('provider', 'The price moved since the quote: get a new quote');
      return { to: swap.tx.to, data: swap.tx.data, value: BigInt(swap.tx.value) };
    },
  };
}
