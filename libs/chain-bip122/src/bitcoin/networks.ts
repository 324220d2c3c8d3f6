import { PorticoError } from '@portico/kernel';

/** CAIP-2 ids of the Bitcoin networks (`bip122:` + the first 32 hex chars of the genesis block hash). */
export const BIP122_NETWORK_IDS = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const;

/** Name of a known Bitcoin network. */
export type BitcoinNetworkName = keyof typeof BIP122_NETWORK_IDS;

/** Address family of a network: signet shares testnet's prefixes (`tb`, `m`/`n`/`2`). */
export type BitcoinAddressNetwork = 'mainnet' | 'testnet' | 'regtest';

/** The CAIP-2 id is not one of the Bitcoin networks Portico knows. */
export class UnknownBitcoinNetworkError extends PorticoError {
  override name = 'UnknownBitcoinNetworkError';
  constructor(caipNetworkId: string) {
    super(`Unknown Bitcoin network ${caipNetworkId}`, { code: 'bip122/unknown-network' });
  }
}

/** Name of the network with this CAIP-2 id, or undefined when it is not a known Bitcoin network. */
export function bitcoinNetworkNameOf(caipNetworkId: string): BitcoinNetworkName | undefined {
  const entry = Object.entries(BIP122_NETWORK_IDS).find(([, id]) => id === caipNetworkId);
  return entry?.[0] as BitcoinNetworkName | undefined;
}

/** Address family (`mainnet`, `testnet` for testnet and signet, `regtest`) of a CAIP-2 id; throws when unknown. */
export function addressNetworkOf(caipNetworkId: string): BitcoinAddressNetwork {
  const name = bitcoinNetworkNameOf(caipNetworkId);
  if (name === undefined) throw new UnknownBitcoinNetworkError(caipNetworkId);
  return name === 'signet' ? 'testnet' : name;
}
