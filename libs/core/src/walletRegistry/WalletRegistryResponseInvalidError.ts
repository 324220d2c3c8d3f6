import { HttpResponseInvalidError } from '@portico/kernel/errors';

/**
 * The wallet registry answered with a page that is not a page: not an object, no `data`
 * array, or a `count` that is not a non-negative integer. Single malformed wallets are
 * dropped instead (reported through `onInvalid`). It is an `HttpResponseInvalidError`, so
 * one `instanceof` check covers this and a body that is not JSON at all.
 */
export class WalletRegistryResponseInvalidError extends HttpResponseInvalidError {
  override name = 'WalletRegistryResponseInvalidError';
  constructor(url: string, readonly problem: string) {
    super(url, problem);
  }
}
