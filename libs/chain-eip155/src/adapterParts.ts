import { PorticoError, type ChainAdapterParts, type WalletSlots } from '@portico/kernel';
import type { ListedWallet } from './discovery/createRdnsClaims';
import type { WalletListing } from './discovery/walletListing';
import type { RpcOptions } from './rpcUrls';

/** Id of the legacy `window.ethereum` connector. */
export const LEGACY_INJECTED_ID = 'injected';
/** Codes after which a switch is retried by first adding the chain (spec: 4902, 5000, 32603). */
export const ADD_CHAIN_CODES: ReadonlySet<number> = new Set([4902, 5000, 32603, -32603]);

/** The wallet sent something that is not an EVM account list. */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError';
  constructor(method: string, problem: string) {
    super(`The wallet answered ${method} with ${problem}`, { code: 'eip155/invalid-wallet-response' });
  }
}

/** What the adapter needs from the kernel. */
export interface Eip155AdapterParts extends Omit<ChainAdapterParts, 'namespace' | 'networks'> {
  rpc: RpcOptions;
  /** The app's eip155 networks (the approval view names addresses by ENS when Ethereum mainnet is one of them). */
  networks?: ChainAdapterParts['networks'];
  /** Connector ids of wallets with no confirmation UI of their own: Portico asks the user instead. */
  approvalRequired?: readonly string[];
  /** Calls per second per key to the networks' account APIs (`Eip155PluginOptions.explorerRps`). */
  explorerRps?: number | undefined;
  /** Where `ipfs://` metadata and images are read (`Eip155PluginOptions.ipfsGateway`). */
  ipfsGateway?: string | undefined;
}

/** Listeners the host put on the gated provider, by event; they follow whichever wallet is connected. */
export type HostListeners = Map<string, Set<(...args: never[]) => void>>;

/** What the page-load half of the adapter (discovery) shares with the session half (`session.ts`, loaded on first use). */
export interface AdapterState {
  readonly parts: Eip155AdapterParts;
  readonly wallets: WalletSlots<ListedWallet>;
  /** The wallet listing and its rdns claims (loaded before the session half is made). */
  readonly claims: Pick<WalletListing, 'isContested' | 'isContestedId'>;
  readonly hostListeners: HostListeners;
}
