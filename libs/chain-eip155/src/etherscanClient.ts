import type { Network } from '@portico/kernel';
import type { HttpClient } from '@portico/kernel/http';
import { chainIdOf } from './chainId';
import { ExplorerApiError, type ExplorerProblem } from './ExplorerApiError';

/** Calls per second per key when the host does not say: Etherscan's free plan allows 3. */
export const DEFAULT_EXPLORER_RPS = 3;
/** How long a call refused for the key's rate waits before it goes once more: Etherscan counts calls per second. */
const RATE_RETRY_MS = 1_000;
/** Calls go a tenth further apart than the rate allows: timers and the network move them a little. */
const SPACING_MARGIN = 1.1;
const TIMEOUT_MS = 10_000;
/** Etherscan's own hosts and those of its former per-chain explorers: there, anything but `/v2/api` is the retired V1 API. */
const ETHERSCAN_HOSTS = /(^|\.)(etherscan\.io|basescan\.org|polygonscan\.com|bscscan\.com|arbiscan\.io|apescan\.io)$/;

/** The account lists Portico reads (Etherscan's `module=account` actions). */
export type AccountAction = 'txlist' | 'tokentx' | 'tokennfttx' | 'token1155tx';

/** Options of `createEtherscanClient`. */
export interface EtherscanClientOptions {
  /** Calls per second per API key (the key's plan: Etherscan's free plan 3, Lite 5); `DEFAULT_EXPLORER_RPS` by default. */
  rps?: number | undefined;
  /** How long a call refused for the rate waits before it goes once more (1 s by default). */
  retryAfterMs?: number | undefined;
}

/** The network's Etherscan-compatible account API, paced per key. */
export interface EtherscanClient {
  /**
   * One account list of `address`'s rows (`query`: address, page, offset, sort, block range),
   * [] for "No transactions found". Throws `ExplorerApiError` for a refusal or a body that is
   * no Etherscan envelope.
   */
  list(network: Network, apiUrl: string, action: AccountAction, query: Readonly<Record<string, string>>): Promise<unknown[]>;
}

/**
 * Creates the account API client one adapter shares between Activity, NFTs and Tokens: calls
 * to one key (its `apikey`, else the API's origin) go one after the other, `1.1 s / rps` apart,
 * never in a burst; an Etherscan V2 URL (`…/v2/api`) gets the network's `chainid` when it names
 * none and must carry an `apikey`; a call refused for the rate holds that key's calls for a
 * second and goes once more; every other refusal throws with a message that says which.
 */
export function createEtherscanClient(http: HttpClient, options: EtherscanClientOptions = {}): EtherscanClient {
  const rps = options.rps ?? DEFAULT_EXPLORER_RPS;
  if (!(rps > 0 && Number.isFinite(rps))) throw new ExplorerApiError('config', `The account API's rate must be a positive number of calls per second, not ${String(rps)}`);
  const spacingMs = Math.ceil((1000 * SPACING_MARGIN) / rps);
  const retryAfterMs = options.retryAfterMs ?? RATE_RETRY_MS;
  // Each key's calls wait in line: a call goes once the one before it has gone and `spacingMs` have passed since (or a
  // hold after a refusal has ended). "Gone" is read after the request was made, so the spacing holds between real
  // requests, whenever a timer fires (a busy page fires them late); calls overlap in flight.
  // On the monotonic clock: a wall clock stepped back (a VM's, NTP's) must not bring two calls closer.
  const lines = new Map<string, Promise<void>>();
  const wentAt = new Map<string, number>();
  const heldUntil = new Map<string, number>();
  const inTurn = <T>(key: string, send: () => Promise<T>): Promise<T> => {
    let sending!: Promise<T>;
    const gone = (lines.get(key) ?? Promise.resolve()).then(async () => {
      const at = Math.max((wentAt.get(key) ?? -Infinity) + spacingMs, heldUntil.get(key) ?? -Infinity);
      const now = performance.now();
      // A timer may fire up to a millisecond early on this clock (Node counts whole milliseconds): one more.
      if (at > now) await new Promise((resolve) => setTimeout(resolve, Math.ceil(at - now) + 1));
      sending = send();
      wentAt.set(key, performance.now());
    });
    // A send that threw at once must not stop the line behind it.
    lines.set(key, gone.catch(() => undefined));
    return gone.then(() => sending);
  };

  return {
    async list(network, apiUrl, action, query) {
      const { url, key } = accountUrl(network, apiUrl, action, query);
      for (let attempt = 0; ; attempt++) {
        const body = await inTurn(key, () => http.get<unknown>(url.toString(), { timeoutMs: TIMEOUT_MS }));
        if (!isEnvelope(body)) throw new ExplorerApiError('malformed', `The account API (${action}) sent no { status, message, result } envelope`);
        const { status, message, result } = body;
        if (Array.isArray(result) && (status === '1' || result.length === 0)) return result;
        if (status === '1') throw new ExplorerApiError('malformed', `The account API (${action}) sent a result that is not a list`);
        const reason = typeof result === 'string' ? result.slice(0, 200) : '';
        const problem = problemOf(reason);
        if (problem === 'rate' && attempt === 0) {
          // Someone else may use the key too (a page-side key is every visitor's): its calls wait a second.
          heldUntil.set(key, Math.max(heldUntil.get(key) ?? -Infinity, performance.now() + retryAfterMs));
          continue;
        }
        throw refusal(problem, network, action, message, reason);
      }
    },
  };
}

/** The call's URL (Etherscan V2's `chainid` added, its `apikey` required) and the key its rate is counted on. */
function accountUrl(network: Network, apiUrl: string, action: AccountAction, query: Readonly<Record<string, string>>): { url: URL; key: string } {
  const url = new URL(apiUrl);
  const chain = chainIdOf(network.caipNetworkId).toString();
  const v2 = /\/v2\/api\/?$/.test(url.pathname);
  if (!v2 && ETHERSCAN_HOSTS.test(url.hostname)) throw refusal('deprecated', network, action, 'NOTOK', 'the URL is not /v2/api');
  if (v2) {
    const named = url.searchParams.get('chainid');
    if (!named) url.searchParams.set('chainid', chain);
    else if (named !== chain) throw new ExplorerApiError('config', `The account API URL of ${network.name} names chain ${named.slice(0, 20)}, not ${chain}`, 'Fix chainid in blockExplorers.default.apiUrl, or leave it out: it is added from the network.');
    if (!url.searchParams.get('apikey')) throw new ExplorerApiError('key', `The Etherscan API needs an API key: the account API URL of ${network.name} has none`, 'Add apikey=<your Etherscan key> to blockExplorers.default.apiUrl.');
  }
  for (const [name, value] of Object.entries({ module: 'account', action, ...query })) url.searchParams.set(name, value);
  return { url, key: url.searchParams.get('apikey') || url.origin };
}

/** Which refusal Etherscan's reason (`result`) is; its words are in tools/contracts/etherscan/SOURCE.md. */
function problemOf(reason: string): ExplorerProblem {
  if (/rate limit/i.test(reason)) return 'rate';
  if (/api ?key/i.test(reason)) return 'key';
  if (/not supported for this chain|upgrade your api plan/i.test(reason)) return 'plan';
  if (/deprecated v1/i.test(reason)) return 'deprecated';
  if (/chainid/i.test(reason)) return 'chain';
  return 'refused';
}

function refusal(problem: ExplorerProblem, network: Network, action: AccountAction, message: string, reason: string): ExplorerApiError {
  const chain = chainIdOf(network.caipNetworkId).toString();
  const details = `The account API answered ${action} with ${message}: ${reason || 'no reason'}`;
  switch (problem) {
    case 'plan':
      return new ExplorerApiError(problem, `Etherscan's free plan does not cover this chain (${network.name}, chain ${chain}): its account data needs a paid Etherscan API plan`, details);
    case 'key':
      return new ExplorerApiError(problem, `Etherscan refused the API key for ${network.name}: it is missing or invalid`, `${details}. Check apikey in blockExplorers.default.apiUrl.`);
    case 'rate':
      return new ExplorerApiError(problem, 'Etherscan is busy (too many requests for this API key): try again in a moment', details);
    case 'deprecated':
      return new ExplorerApiError(problem, `The account API of ${network.name} is Etherscan's retired V1 API: use https://api.etherscan.io/v2/api?chainid=${chain}&apikey=…`, details);
    case 'chain':
      return new ExplorerApiError(problem, `The account API does not serve ${network.name} (chain ${chain})`, details);
    default:
      return new ExplorerApiError(problem, `The account API (${action}) answered ${message}: ${reason || 'no list'}`, details);
  }
}

/** Etherscan's envelope: `{ status: '1' | '0', message, result }`. */
function isEnvelope(body: unknown): body is { status: string; message: string; result: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { status?: unknown }).status === 'string' && typeof (body as { message?: unknown }).message === 'string';
}
