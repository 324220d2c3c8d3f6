/** A running local service. */
export interface LocalService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the reference Sign-in-with-X server on a free port. `domain` (the site's host as its
 * pages' `location.host`, e.g. `127.0.0.1:5173`) is required: the server refuses to start without it.
 */
export function startSiwxServer(options: { allowedOrigins?: string[]; rpcUrls?: Record<number, string>; domain: string; databaseUrl?: string; env?: Record<string, string> }): Promise<LocalService>;

/** Starts the local Solana node (LiteSVM, JSON-RPC + WebSocket) with the test wallets funded. */
export function startSolanaNode(options?: { allowedOrigins?: string[] }): Promise<LocalService>;

/** Starts the local Esplora API (regtest) with the test wallet funded. */
export function startEsplora(options?: { allowedOrigins?: string[] }): Promise<LocalService>;

/** Starts the local WalletConnect relay on a free port, or on `port`; `url` is its `ws://127.0.0.1:PORT`. */
export function startRelay(options?: { port?: number; projectIds?: readonly string[] }): Promise<LocalService>;

/** Starts the SMTP catcher: `url` is its HTTP API, `smtpPort` its SMTP port on 127.0.0.1. */
export function startMailCatcher(options?: { allowedOrigins?: string[] }): Promise<LocalService & { smtpPort: number }>;

/** Starts the auth service (PGlite in `dataDir`, or PostgreSQL at `databaseUrl`), mailing through the catcher at `smtpPort`. */
export function startAuthService(options: { smtpPort: number; projects?: Record<string, string[]>; frameOrigins: string[]; dataDir?: string; databaseUrl?: string; cooldownMs?: number; codeTtlMs?: number; social?: Record<string, Record<string, { issuer: string; clientId: string; clientSecret: string }>>; port?: number; mailPerClientPerMinute?: number; env?: Record<string, string> }): Promise<LocalService>;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;
export function startOidcProvider(options: { clients: Record<string, Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>>; farcasterRpcUrl?: string }): Promise<LocalService>;
export function solanaNetworkId(url: string): Promise<string>;

/** Builds the wallet frame with Vite. */
export function buildWalletFrame(): void;

/** Builds the playground with Vite (apps/playground/dist). */
export function buildPlayground(): void;

/** Serves the built wallet frame, configured with the auth service and RPC URLs, embeddable by `ancestors`. */
export function startWalletFrame(options: { authUrl: string; ancestors: string[]; rpcUrls?: Record<string, string>; smartAccounts?: Record<string, string>; networks?: Record<string, { name: string; symbol: string; decimals: number }>; port?: number }): Promise<LocalService>;
/** What the frame's approval screen names each local network with an RPC URL. */
export function localNetworkInfo(rpcUrls: Record<string, string>): Record<string, { name: string; symbol: string; decimals: number }>;

/** The embedded wallet's local stack: SMTP catcher, auth service and wallet frame, wired for the projects' host origins. */
export function startEmbeddedWallet(options: { projects: Record<string, string[]>; rpcUrls?: Record<string, string>; smartAccounts?: Record<string, string>; dataDir?: string; cooldownMs?: number; codeTtlMs?: number; mailPerClientPerMinute?: number; authEnv?: Record<string, string>; framePort?: number; build?: boolean; social?: boolean; farcasterRpcUrl?: string }): Promise<{
  mail: LocalService & { smtpPort: number };
  auth: LocalService;
  frame: LocalService;
  oidc?: LocalService;
  stop(): Promise<void>;
}>;

/** Starts the local wallet registry (the explorer API's shape, 1,000+ generated wallets). */
export function startWalletRegistry(options?: { projectIds?: readonly string[]; allowedOrigins?: readonly string[] }): Promise<LocalService>;

/**
 * Starts the local indexer following the EVM node at `rpcUrl`; its Etherscan-compatible account API is `${url}/api`,
 * or in strict mode (as Etherscan API V2: keys, `chainid`, `rps` a second per key, the free plan's refusal for `paidChains`) `${url}/v2/api`.
 */
export function startIndexer(options: { rpcUrl: string; wsUrl?: string; allowedOrigins?: string[]; strict?: boolean; apiKeys?: string[]; rps?: number; paidChains?: number[] }): Promise<LocalService>;

/** Starts the local swap aggregator (the 1inch Swap API v6.0 over a Uniswap V2 router); requests need the bearer `apiKey` when given. */
export function startSwapAggregator(options: { rpcUrl: string; router: string; weth: string; apiKey?: string; allowedOrigins?: string[]; strict?: boolean; rps?: number }): Promise<LocalService>;
/** The swap proxy (apps/swap-proxy) in front of a 1inch-compatible API. */
export function startSwapProxy(options: { upstream: string; apiKey: string; allowedOrigins: string[]; rps?: number }): Promise<LocalService>;

/** Starts the local onramp reference (quotes, Coinbase session tokens, widget stand-ins that credit the buyer on `rpcUrl`). */
/** Keys of a local onramp set-up (the site's CDP key, its Meld keys), made afresh. */
export interface OnrampKeys {
  readonly coinbase: { readonly keyName: string; readonly publicKey: string; readonly privateKey: string };
  readonly meld: { readonly apiKey: string; readonly publicKey: string };
}
export function onrampKeys(): OnrampKeys;
export function startOnrampService(options: { rpcUrl: string; keys: OnrampKeys }): Promise<LocalService>;
export function startOnrampServer(options: { providersUrl: string; keys: OnrampKeys; allowedOrigins: string[] }): Promise<LocalService>;

/** Something `createServiceGroup` can stop. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** Services started together and stopped together (all of them, if one fails to start). */
export interface ServiceGroup {
  start<T extends readonly Stoppable[]>(...starting: { [K in keyof T]: Promise<T[K]> }): Promise<T>;
  stop(): Promise<void>;
}

/** A set of running services: see `ServiceGroup`. */
export function createServiceGroup(): ServiceGroup;

/** A round-robin proxy on 127.0.0.1 in front of several instances (an upstream that refuses the connection is skipped); `served` lists which answered each request. */
export function startRoundRobinProxy(upstreams: readonly string[]): Promise<{ url: string; served: string[]; stop(): Promise<void> }>;
