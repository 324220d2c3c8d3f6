/** The reasons Etherscan's V2 API refuses a call with, word for word (tools/contracts/etherscan/SOURCE.md). */
export const ETHERSCAN_REFUSALS = {
  v1: 'You are using a deprecated V1 endpoint, switch to Etherscan API V2.',
  key: 'Missing/Invalid API Key',
  chain: 'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
  plan: 'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis',
  rate: (rps: number) => `Max calls per sec rate limit reached (${rps}/sec)`,
} as const;

/** Why the gate refused a call. */
export type RefusalKind = 'v1' | 'key' | 'chain' | 'plan' | 'rate';

/** What strict mode holds a call to. */
export interface EtherscanGateOptions {
  /** The keys it accepts. */
  apiKeys: readonly string[];
  /** The chain it serves. */
  chainId: number;
  /** Calls per second per key (Etherscan's free plan: 3). */
  rps: number;
  /** Chains the keys' plan does not cover: refused with the free plan's answer. */
  paidChains?: readonly number[];
}

/** A strict-mode gate and what it refused so far, by reason. */
export interface EtherscanGate {
  /** The reason to refuse this call with (the `result` of a status "0" NOTOK answer), or undefined to serve it. */
  check(pathname: string, query: URLSearchParams): { kind: RefusalKind; result: string } | undefined;
  readonly refused: Readonly<Record<RefusalKind, number>>;
}

/**
 * Etherscan V2's entry checks, in the order it makes them: the V1 path (`/api`) is retired,
 * every call names a key it knows, a key makes at most `rps` calls in any second (the calls
 * refused for the rate do not count), and `chainid` names a chain the key's plan covers.
 */
export function createEtherscanGate(options: EtherscanGateOptions): EtherscanGate {
  if (!options.apiKeys.length || options.apiKeys.some((key) => !key)) throw new Error('strict mode needs at least one API key, none empty');
  if (!Number.isInteger(options.rps) || options.rps < 1) throw new Error(`strict mode's rps must be a whole number of at least 1, not ${options.rps}`);
  const keys = new Set(options.apiKeys);
  const paid = new Set(options.paidChains ?? []);
  const served = new Map<string, number[]>();
  const refused: Record<RefusalKind, number> = { v1: 0, key: 0, chain: 0, plan: 0, rate: 0 };
  const refuse = (kind: RefusalKind, result: string) => {
    refused[kind] += 1;
    return { kind, result };
  };
  return {
    refused,
    check(pathname, query) {
      if (pathname !== '/v2/api') return refuse('v1', ETHERSCAN_REFUSALS.v1);
      const key = query.get('apikey') ?? '';
      if (!keys.has(key)) return refuse('key', ETHERSCAN_REFUSALS.key);
      const now = Date.now();
      const recent = (served.get(key) ?? []).filter((at) => now - at < 1000);
      served.set(key, recent);
      if (recent.length >= options.rps) return refuse('rate', ETHERSCAN_REFUSALS.rate(options.rps));
      recent.push(now);
      const chain = query.get('chainid') ?? '';
      if (!/^\d{1,20}$/.test(chain)) return refuse('chain', ETHERSCAN_REFUSALS.chain);
      if (paid.has(Number(chain))) return refuse('plan', ETHERSCAN_REFUSALS.plan);
      if (Number(chain) !== options.chainId) return refuse('chain', ETHERSCAN_REFUSALS.chain);
      return undefined;
    },
  };
}
