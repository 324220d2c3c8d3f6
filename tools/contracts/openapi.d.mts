/** A service's published contract, checked both ways. */
export interface Contract {
  readonly doc: unknown;
  /** What a request (method, URL with its query, and a body with its content type) does that the contract does not allow; empty when nothing. */
  checkRequest(request: { method?: string; url: string; contentType?: string; body?: unknown }): string[];
  /** What a response (a JSON body parsed, a text body as text; its content type when given) has that the contract does not say for that request; empty when nothing. */
  checkResponse(response: { method?: string; url: string; status: number; body: unknown; contentType?: string }): string[];
}
/** The vendored contract of a service (a folder of tools/contracts). */
export function loadContract(service: '1inch-swap' | 'etherscan' | 'esplora' | 'coinbase-onramp' | 'meld' | 'github' | 'discord' | 'x'): Contract;
/** A checker over an OpenAPI 3.0 document; `toSpecPath` maps a request's pathname (and its whole URL) to the document's path. */
export function createContract(doc: unknown, mapping?: { toSpecPath?: (pathname: string, url: URL) => string }): Contract;
/** The WalletConnect relay's JSON-RPC contract; each check lists what breaks it (empty when nothing). */
export interface RelayContract {
  readonly schema: unknown;
  /** A client's request (by its `method`) or its ack of an `irn_subscription`. */
  checkClientFrame(frame: unknown): string[];
  /** The relay's answer to a request of `method`. */
  checkAnswer(method: string, frame: unknown): string[];
  /** An `irn_subscription` the relay pushes. */
  checkPush(frame: unknown): string[];
}
export function loadRelayContract(): RelayContract;
/** Meld's crypto-currency list as vendored: each code with its network's CAIP-2 id (`x-caip2`). */
export function loadMeldCurrencies(): Array<{ currencyCode: string; name: string; chainCode: string; chainName: string; chainId: string; contractAddress: string | null; 'x-caip2': string }>;
