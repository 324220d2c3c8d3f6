import type { SwapIo, SwapProblem, SwapProvider, SwapQuote, SwapQuoteRequest } from './api';

/** What a quote round gives: the best quote and the provider that made it. */
export interface BestQuote {
  readonly quote: SwapQuote;
  readonly provider: SwapProvider;
  /** When it stops being good (ms since the epoch). */
  readonly expiresAt: number;
}

/** Whether an error is a provider's `SwapProblem`. */
export const isSwapProblem = (error: unknown): error is SwapProblem => typeof (error as { swapProblem?: unknown } | null)?.swapProblem === 'string';

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
