import { networks, type Network } from 'bitcoinjs-lib';
import { addressNetworkOf, type BitcoinAddressNetwork } from './networks';

// bitcoinjs-lib's network parameters, for the lazily loaded code that builds, signs or checks
// transactions with bitcoinjs-lib. Kept apart from ./networks so the plugin's synchronous path
// (addresses, network names) does not pull bitcoinjs-lib in.

/** bitcoinjs-lib parameters of an address family. */
export function networkParamsOf(addressNetwork: BitcoinAddressNetwork): Network {
  if (addressNetwork === 'mainnet') return networks.bitcoin;
  return addressNetwork === 'testnet' ? networks.testnet : networks.regtest;
}

/** bitcoinjs-lib parameters of a CAIP-2 network (signet uses testnet's); throws UnknownBitcoinNetworkError when unknown. */
export function bitcoinNetworkOf(caipNetworkId: string): Network {
  return networkParamsOf(addressNetworkOf(caipNetworkId));
}
