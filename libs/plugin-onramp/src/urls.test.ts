import { describe, expect, it } from 'vitest';
import { loadMeldCurrencies } from '@portico/tools/contracts';
import { coinbaseOnrampUrl, coinbaseTokenRequest, meldOnrampUrl, ONRAMP_NETWORKS, onrampAsset } from './urls';

const base = onrampAsset('eip155:8453')!;
const solana = onrampAsset('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')!;

const order = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', networkId: 'eip155:8453', symbol: 'ETH', fiatAmount: '100', fiatCurrency: 'EUR', redirectUrl: 'https://shop.example/done?x=1' };

describe('onramp widget URLs', () => {
  it('Coinbase: the hosted widget with the session token, asset, network, amount, currency and the way back', () => {
    const url = new URL(coinbaseOnrampUrl(order, base, 'tok-123'));
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sessionToken: 'tok-123', defaultAsset: 'ETH', defaultNetwork: 'base', presetFiatAmount: '100', fiatCurrency: 'EUR', redirectUrl: 'https://shop.example/done?x=1' });
    expect(coinbaseTokenRequest(order, base)).toEqual({ addresses: [{ address: order.address, blockchains: ['base'] }], assets: ['ETH'] });
  });

  it('Meld: the hosted widget with the public key, currency code, wallet address, amount, currency and the way back', () => {
    const url = new URL(meldOnrampUrl({ ...order, networkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', symbol: 'SOL', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', redirectUrl: undefined }, solana, 'pk_live:abc'));
    expect(url.origin + url.pathname).toBe('https://meldcrypto.com/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: 'pk_live:abc', destinationCurrencyCode: 'SOL', walletAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', sourceAmount: '100', sourceCurrencyCode: 'EUR' });
  });

  it('names only the networks it knows, or the host names: Buy on another network would send the funds elsewhere', () => {
    expect(onrampAsset('eip155:31337')).toBeUndefined();
    expect(onrampAsset('eip155:324')).toBeUndefined();
    expect(onrampAsset('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBeUndefined();
    expect(onrampAsset('eip155:31337', { 'eip155:31337': { coinbaseNetwork: 'ethereum', coinbaseAsset: 'ETH', meldCode: 'ETH' } })?.meldCode).toBe('ETH');
    expect(onrampAsset('eip155:1')?.meldCode).toBe('ETH');
  });

  it('keeps what an address or amount holds inside its own parameter', () => {
    const url = new URL(meldOnrampUrl({ ...order, address: 'a&publicKey=evil', fiatAmount: '1#x' }, base, 'pk'));
    expect(url.searchParams.getAll('publicKey')).toEqual(['pk']);
    expect(url.searchParams.get('walletAddress')).toBe('a&publicKey=evil');
    expect(url.searchParams.get('sourceAmount')).toBe('1#x');
  });

  it('names each known network by the code in Meld’s own crypto-currency list (vendored: tools/contracts/meld)', () => {
    const listed = loadMeldCurrencies();
    for (const [network, names] of Object.entries(ONRAMP_NETWORKS)) {
      expect(listed.find((c) => c.currencyCode === names.meldCode)?.['x-caip2'], `${network} ${names.meldCode}`).toBe(network);
    }
  });
});
