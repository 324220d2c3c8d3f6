import { describe, expect, it } from 'vitest';
import { walletDeepLink } from './deepLinks';

const URI = 'wc:abc@2?relay-protocol=irn&symKey=00&expiryTimestamp=1';
const ENCODED = encodeURIComponent(URI);

describe('walletDeepLink', () => {
  it('appends /wc?uri= to a universal link, with or without its trailing slash', () => {
    expect(walletDeepLink('https://metamask.app.link', URI)).toBe(`https://metamask.app.link/wc?uri=${ENCODED}`);
    expect(walletDeepLink('https://link.trustwallet.com/', URI)).toBe(`https://link.trustwallet.com/wc?uri=${ENCODED}`);
  });

  it('turns an app scheme, bare or with ://, into scheme://wc?uri=', () => {
    expect(walletDeepLink('rainbow://', URI)).toBe(`rainbow://wc?uri=${ENCODED}`);
    expect(walletDeepLink('rainbow:', URI)).toBe(`rainbow://wc?uri=${ENCODED}`);
    expect(walletDeepLink('zerion', URI)).toBe(`zerion://wc?uri=${ENCODED}`);
  });

  it('percent-encodes the whole pairing URI, so its & and = stay inside the uri parameter', () => {
    const link = new URL(walletDeepLink('https://wallet.example', URI));
    expect(link.searchParams.get('uri')).toBe(URI);
    expect([...link.searchParams.keys()]).toEqual(['uri']);
  });
});
