import { ConfigInvalidError } from '@portico/kernel/errors';

/** Throws `ConfigInvalidError` unless `baseUrl` is an http(s) URL (a wallet registry's root). */
export function assertWalletRegistryUrl(baseUrl: string): void {
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new ConfigInvalidError(`wallet registry baseUrl must be an http(s) URL, received ${JSON.stringify(baseUrl)}`);
  }
}
