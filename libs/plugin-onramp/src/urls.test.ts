import { describe, expect, it } from 'vitest';
import { coinbaseOnrampUrl, coinbaseTokenRequest, meldOnrampUrl, onrampAsset } from './urls';

const order = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', networkId: 'eip155:8453', symbol: 'ETH', fiatAmount: '100', fiatCurrency: 'EUR', redirectUrl: 'https://shop.example/done?x=1' };

describe('onramp widget URLs', () => {
  it('Coinbase: the hosted widget with the session token, asset, network, amount, currency and the way back', () => {
    const url = new URL(coinbaseOnrampUrl(order, 'tok-123'));
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sessionToken: 'tok-123', defaultAsset: 'ETH', defaultNetwork: 'base', presetFiatAmount: '100', fiatCurrency: 'EUR', redirectUrl: 'https://shop.example/done?x=1' });
    expect(coinbaseTokenRequest(order)).toEqual({ addresses: [{ address: order.address, blockchains: ['base'] }], assets: ['ETH'] });
  });

  it('Meld: the hosted widget with the public key, currency code, wallet address, amount, currency and the way back', () => {
    const url = new URL(meldOnrampUrl({ ...order, networkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', symbol: 'SOL', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', redirectUrl: undefined }, 'pk_live:abc'));
    expect(url.origin + url.pathname).toBe('https://meldcrypto.com/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: 'pk_live:abc', destinationCurrencyCode: 'SOL', walletAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', sourceAmount: '100', sourceCurrencyCode: 'EUR' });
  });

  it('names a network it does not know by its family: an EVM test chain as Ethereum, a Solana cluster as Solana', () => {
    expect(onrampAsset('eip155:31337', 'ETH')).toEqual({ coinbaseNetwork: 'ethereum', coinbaseAsset: 'ETH', meldCode: 'ETH' });
    expect(onrampAsset('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'SOL').coinbaseNetwork).toBe('solana');
    expect(onrampAsset('eip155:1', 'ETH').meldCode).toBe('ETH');
  });

  it('keeps what an address or amount holds inside its own parameter', () => {
    const url = new URL(meldOnrampUrl({ ...order, address: 'a&publicKey=evil', fiatAmount: '1#x' }, 'pk'));
    expect(url.searchParams.getAll('publicKey')).toEqual(['pk']);
    expect(url.searchParams.get('walletAddress')).toBe('a&publicKey=evil');
    expect(url.searchParams.get('sourceAmount')).toBe('1#x');
  });
});
