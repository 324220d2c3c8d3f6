/** What the user buys: where it goes and what it costs. */
export interface OnrampOrder {
  /** The receiving address (no CAIP prefix). */
  readonly address: string;
  /** CAIP-2 network id. */
  readonly networkId: string;
  /** The network's native currency symbol (ETH, SOL, …), the asset bought. */
  readonly symbol: string;
  /** Amount in fiat, as typed ("100", "25.50"). */
  readonly fiatAmount: string;
  /** ISO 4217 code. */
  readonly fiatCurrency: string;
  readonly redirectUrl?: string | undefined;
}

/** How each provider names a network's native currency and the network. */
export interface OnrampAssetNames {
  readonly coinbaseNetwork: string;
  readonly coinbaseAsset: string;
  readonly meldCode: string;
}

/**
 * The networks Portico knows the providers' names for (their mainnets). Meld's codes are those of
 * its crypto-currency list (tools/contracts/meld/crypto-currencies.json): a chain's own coin by
 * its ticker, a coin on another chain `TICKER_CHAIN`.
 */
export const ONRAMP_NETWORKS: Readonly<Record<string, OnrampAssetNames>> = {
  'eip155:1': { coinbaseNetwork: 'ethereum', coinbaseAsset: 'ETH', meldCode: 'ETH' },
  'eip155:8453': { coinbaseNetwork: 'base', coinbaseAsset: 'ETH', meldCode: 'ETH_BASE' },
  'eip155:10': { coinbaseNetwork: 'optimism', coinbaseAsset: 'ETH', meldCode: 'ETH_OPTIMISM' },
  'eip155:42161': { coinbaseNetwork: 'arbitrum', coinbaseAsset: 'ETH', meldCode: 'ETH_ARBITRUM' },
  'eip155:137': { coinbaseNetwork: 'polygon', coinbaseAsset: 'POL', meldCode: 'POL' },
  'eip155:43114': { coinbaseNetwork: 'avalanche-c-chain', coinbaseAsset: 'AVAX', meldCode: 'AVAX' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { coinbaseNetwork: 'solana', coinbaseAsset: 'SOL', meldCode: 'SOL' },
};

/**
 * How Coinbase and Meld name a network's native currency: the host's names first (`networks`
 * option), then the known mainnets. Undefined for any other network: buying there would send the
 * funds to another chain, so Buy is not offered on it.
 */
export function onrampAsset(networkId: string, hostNames: Readonly<Record<string, OnrampAssetNames>> = {}): OnrampAssetNames | undefined {
  return hostNames[networkId] ?? ONRAMP_NETWORKS[networkId];
}

/**
 * Coinbase's hosted Onramp URL (`/buy/select-asset`): the session token (it carries the address
 * and assets), the asset and network preselected, the fiat amount and currency, the way back.
 */
export function coinbaseOnrampUrl(order: OnrampOrder, names: OnrampAssetNames, sessionToken: string, widgetUrl = 'https://pay.coinbase.com/buy/select-asset'): string {
  const url = new URL(widgetUrl);
  url.searchParams.set('sessionToken', sessionToken);
  url.searchParams.set('defaultAsset', names.coinbaseAsset);
  url.searchParams.set('defaultNetwork', names.coinbaseNetwork);
  url.searchParams.set('presetFiatAmount', order.fiatAmount);
  url.searchParams.set('fiatCurrency', order.fiatCurrency);
  if (order.redirectUrl) url.searchParams.set('redirectUrl', order.redirectUrl);
  return url.toString();
}

/** The body of Coinbase's session-token request, as the host's endpoint passes it on. */
export function coinbaseTokenRequest(order: OnrampOrder, names: OnrampAssetNames): { addresses: { address: string; blockchains: string[] }[]; assets: string[] } {
  return { addresses: [{ address: order.address, blockchains: [names.coinbaseNetwork] }], assets: [names.coinbaseAsset] };
}

/** Meld's hosted widget URL: the public key, the currency code, the wallet address, the fiat amount and currency, the way back. */
export function meldOnrampUrl(order: OnrampOrder, names: OnrampAssetNames, publicKey: string, widgetUrl = 'https://meldcrypto.com/'): string {
  const url = new URL(widgetUrl);
  url.searchParams.set('publicKey', publicKey);
  url.searchParams.set('destinationCurrencyCode', names.meldCode);
  url.searchParams.set('walletAddress', order.address);
  url.searchParams.set('sourceAmount', order.fiatAmount);
  url.searchParams.set('sourceCurrencyCode', order.fiatCurrency);
  if (order.redirectUrl) url.searchParams.set('redirectUrl', order.redirectUrl);
  return url.toString();
}
