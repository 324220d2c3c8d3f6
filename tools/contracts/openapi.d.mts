/** A service's published contract, checked both ways. */
export interface Contract {
  readonly doc: unknown;
  /** What a request (method and URL with its query) does that the contract does not allow; empty when nothing. */
  checkRequest(request: { method?: string; url: string }): string[];
  /** What a response has that the contract does not say for that request; empty when nothing. */
  checkResponse(response: { method?: string; url: string; status: number; body: unknown }): string[];
}
/** The vendored contract of a service (a folder of tools/contracts). */
export function loadContract(service: '1inch-swap'): Contract;
/** A checker over an OpenAPI 3.0 document; `toSpecPath` maps a request's pathname to the document's path. */
export function createContract(doc: unknown, mapping?: { toSpecPath?: (pathname: string) => string }): Contract;
