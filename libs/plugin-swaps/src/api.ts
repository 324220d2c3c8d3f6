import { createServiceRef, type Loader, type Network } from '@portico/kernel';

/** Id of the Swaps plugin, for `requires` / `optional` in other manifests. */
export const SWAPS_PLUGIN_ID = 'swaps';

/** How swap APIs (1inch, 0x, …) name the native currency (ETH, POL, BNB) in place of a contract. */
export const NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/** What the user asks for: sell exactly `sellAmount` of `sellToken` for as much `buyToken` as the route gives. */
export interface SwapQuoteRequest {
  readonly network: Network;
  /** The EVM chain id of `network`. */
  readonly chainId: number;
  /** The account that sells and receives (0x address). */
  readonly account: string;
  /** Contract address, or `NATIVE_TOKEN`. */
  readonly sellToken: string;
  readonly buyToken: string;
  /** In the sell token's smallest unit. */
  readonly sellAmount: bigint;
  /** Slippage tolerance in basis points (100 = 1 %, the spec's default). */
  readonly slippageBps: number;
}

/** A provider's answer to a request. */
export interface SwapQuote {
  /** Id of the provider that made it. */
  readonly provider: string;
  readonly request: SwapQuoteRequest;
  /** What the route gives now, in the buy token's smallest unit. */
  readonly buyAmount: bigint;
  /** The least the swap transaction accepts (`buyAmount` less the slippage tolerance): below it, it reverts. */
  readonly minBuyAmount: bigint;
  /** Price impact as a fraction (0.012 = 1.2 %), when the provider can tell. */
  readonly priceImpact?: number | undefined;
  /** The contract that pulls the sell token (the allowance's spender); absent when selling the native currency. */
  readonly spender?: string | undefined;
  /** The contract the swap transaction calls, when the provider names it (the swap is checked against it). */
  readonly router?: string | undefined;
  /** Tokens the route passes through, sell token first. */
  readonly route?: readonly string[] | undefined;
}

/** A transaction for the wallet to send (`eth_sendTransaction`). */
export interface SwapTransaction {
  readonly to: string;
  readonly data: string;
  readonly value: bigint;
}

/** What a provider may use: the network's RPC (reads only) and JSON over HTTP. */
export interface SwapIo {
  /** A read through the network's RPC (eth_call, eth_estimateGas, …): the chain adapter's `readRpc`. */
  rpc(method: string, params: readonly unknown[]): Promise<unknown>;
  /** GET (or POST with `body`) of a JSON document; a non-2xx answer rejects with its `status` and its text as `body` (`fetchPublicJson`'s `HttpError`). */
  json(url: string, init?: { headers?: Record<string, string>; body?: unknown }): Promise<unknown>;
}

/**
 * A swap provider: an on-chain router, an aggregator API, or one of a third party's. Every
 * method rejects with a `SwapProblem` (see `swapProblem`) where the user can act on it.
 */
export interface SwapProvider {
  readonly id: string;
  readonly name: string;
  /** Whether it can swap on a network (CAIP-2 id). */
  supports(networkId: string): boolean;
  quote(request: SwapQuoteRequest, io: SwapIo): Promise<SwapQuote>;
  /** How much of the sell token `quote.spender` may take from the account now. */
  allowance(quote: SwapQuote, io: SwapIo): Promise<bigint>;
  /** The approval of exactly the amount sold to `quote.spender`. */
  approval(quote: SwapQuote, io: SwapIo): Promise<SwapTransaction>;
  /** The swap itself, enforcing `quote.minBuyAmount`. */
  buildSwap(quote: SwapQuote, io: SwapIo): Promise<SwapTransaction>;
}

/** Why a quote or a swap cannot go ahead, for the view to say. */
export type SwapProblemKind = 'no-route' | 'provider';

/** An error a provider rejects with when the user should be told why (no route, the provider's own message). */
export interface SwapProblem extends Error {
  readonly swapProblem: SwapProblemKind;
}


/** Whether an error is a provider's `SwapProblem`. */
export const isSwapProblem = (error: unknown): error is SwapProblem => typeof (error as { swapProblem?: unknown } | null)?.swapProblem === 'string';

/** Makes a `SwapProblem`. */
export function swapProblem(kind: SwapProblemKind, message: string): SwapProblem {
  return Object.assign(new Error(message), { swapProblem: kind });
}

/** A Uniswap V2 router (or any fork's: SushiSwap, PancakeSwap V2, …) on one network. */
export interface UniswapV2Deployment {
  /** The router (Router02's interface). */
  readonly router: string;
  /** The wrapped native currency the router routes through (WETH). */
  readonly weth: string;
}

/** The providers a host can name in its config (their code loads with the Swap view). */
export type SwapProviderConfig =
  | {
      readonly type: 'uniswap-v2';
      /** Shown in the quote ("via Uniswap V2"). */
      readonly name?: string;
      /** CAIP-2 network id → deployment. */
      readonly deployments: Readonly<Record<string, UniswapV2Deployment>>;
    }
  | {
      readonly type: '1inch';
      /**
       * Base URL of the host's proxy to the 1inch Swap API v6.0 (apps/swap-proxy: 1inch's API sends
       * no CORS headers, so a page cannot call it directly, and the key stays on the server):
       * `${url}/swap/v6.0/{chainId}/…`.
       */
      readonly url: string;
      /** Sent as `Authorization: Bearer …` when given (a proxy usually adds it instead). */
      readonly apiKey?: string;
      /** Networks it is asked for (CAIP-2); all the plugin's networks by default. */
      readonly networks?: readonly string[];
      /**
       * The key's rate when the page calls an API that answers browsers with the key itself (requests
       * per second); requests are then spaced to it. Through the site's proxy (apps/swap-proxy, which
       * paces them to the key), leave it out: requests still go one at a time.
       */
      readonly rps?: number;
    }
  | {
      readonly type: 'custom';
      readonly id: string;
      /** Loads the provider when the Swap view first needs it. */
      readonly load: () => Promise<SwapProvider>;
    };

/** The Swaps plugin's settings, as the Swap view reads them. */
export interface SwapsSettings {
  /** Networks (CAIP-2) where swaps are offered. */
  readonly networks: readonly string[];
  /** Default slippage tolerance in percent (the user can change it). */
  readonly slippage: number;
  readonly providers: readonly SwapProviderConfig[];
  /** How long a quote stays good before the Swap view asks again, in ms. */
  readonly quoteTtlMs: number;
}

/**
 * Where the Swaps plugin registers its settings: loaded (the host's options checked) with the
 * Swap view, or when the browser is first idle; a load rejects with what is wrong in them.
 */
export const swapsSettingsRef = createServiceRef<Loader<SwapsSettings>>('swaps/settings');
