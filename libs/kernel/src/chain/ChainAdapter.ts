import { createServiceRef, type ServiceRef } from '../di/createServiceRef';
import type { ActivityPage, Nft } from './activity';
import type { Network } from './networkSchema';

/** Options of `ChainAdapter.connect`. */
export interface ConnectOptions {
  /** Cancels the attempt when aborted. */
  readonly signal?: AbortSignal | undefined;
}

/** A balance in the smallest unit, with what is needed to show it. */
export interface Balance {
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
}

/** One token balance (the spec's balance entry); `address` is absent for the native token. */
export interface TokenBalance {
  readonly name: string;
  readonly symbol: string;
  /** CAIP-2 network id. */
  readonly chainId: string;
  readonly address?: string | undefined;
  /** Fiat value of the holding, when the wallet knows it. */
  readonly value?: number | undefined;
  readonly price?: number | undefined;
  readonly quantity: { readonly decimals: number; readonly numeric: string };
  /** Untrusted image URL (shown only as data:/https:). */
  readonly iconUrl?: string | undefined;
}

/** A transfer from the namespace's selected account, for the Send view. */
export interface TransferRequest {
  /** The recipient, in the namespace's address format (checked with `checkRecipient`). */
  readonly to: string;
  /** The amount in the token's smallest unit. */
  readonly amount: bigint;
  /** The token's contract (eip155) or mint (solana); absent for the native currency. */
  readonly token?: string | undefined;
}

/** A name service's profile of an account (ENS on eip155:1): shown instead of the bare address. */
export interface AccountIdentity {
  readonly name: string;
  /** Untrusted image URL (shown only as data:/https:). */
  readonly avatar?: string | undefined;
}

/**
 * What a chain plugin implements for its namespace. The adapter updates the connection
 * store itself (connecting → connected, accounts, network); callers just await.
 */
export interface ChainAdapter {
  readonly namespace: string;
  /**
   * Connects through a registered connector; rejects with the wallet's error. Aborting
   * `options.signal` cancels the attempt (as does a newer attempt on the namespace): it rejects
   * with `ConnectCancelledError` at once, the namespace returns to what it was before, and the
   * wallet's late answer is ignored (see `ConnectionStore.beginConnect`).
   */
  connect(connectorId: string, options?: ConnectOptions): Promise<void>;
  disconnect(): Promise<void>;
  /** Switches the wallet to a network the app supports (adding it to the wallet if needed). */
  switchNetwork(network: Network): Promise<void>;
  /** Native balance of a CAIP-10 account on a network, through the network's RPC. */
  getBalance?(address: string, network: Network): Promise<Balance>;
  /**
   * Token balances of a CAIP-10 account, when the wallet or a portfolio API can tell
   * (EIP-7811 `wallet_getAssets` on eip155); undefined when nothing better than the native
   * balance is available.
   */
  getTokens?(address: string, network: Network): Promise<readonly TokenBalance[] | undefined>;
  /**
   * One page of a CAIP-10 account's transactions on a network, newest first (pending ones
   * first), from the namespace's data source (eip155: the network's Etherscan-compatible
   * `blockExplorers.default.apiUrl`; solana: the RPC; bip122: Esplora). `cursor` is the
   * previous page's `next`. Undefined when the network has no activity source. Entries the
   * source sent malformed are left out (and logged), never the whole page.
   */
  getActivity?(address: string, network: Network, cursor?: string): Promise<ActivityPage | undefined>;
  /**
   * The NFTs a CAIP-10 account holds on a network, with their names and images (eip155: from
   * the account API's NFT transfers and each token's metadata URI). Undefined when the network
   * has no source; a token whose metadata cannot be read is listed with what is known.
   */
  getNfts?(address: string, network: Network): Promise<readonly Nft[] | undefined>;
  /**
   * The account's name-service profile (ENS name and avatar on eip155:1); undefined when it
   * has none or the network has no name service. Callers cache it (5 min).
   */
  getIdentity?(address: string, network: Network): Promise<AccountIdentity | undefined>;
  /**
   * What a pending request would cost in network fees, for the approval view (eip155:
   * `eth_sendTransaction`, gas × gas price through the network's RPC); undefined when the method
   * pays no fee. `from` is the CAIP-10 account sending it. Rejects when the estimate fails (the
   * view then says the fee is unknown).
   */
  estimateFee?(request: { readonly method: string; readonly params: unknown }, from: string, network: Network): Promise<Balance | undefined>;
  /**
   * What a pending request will do, for the approval view (issue #37): the risks a person must
   * read first, then each action in a sentence (catalogue keys with values from the request) and
   * its details; read by the chain plugin's decoder, loaded on first use, through the network's
   * RPC, with what the network predicts it would change (`simulation`) and, when the account
   * cannot pay for it, why (`blocked`: the view disables Approve). `undefined` for a request the
   * decoder does not know (the view's generic reading stays). The shape is `@portico/core`'s
   * `DecodedApproval`.
   */
  describeApproval?(
    request: { readonly method: string; readonly params?: unknown },
    context: { readonly network: Network; readonly account?: string | undefined; readonly locale: string },
  ): Promise<
    | {
        readonly risks: ReadonlyArray<{ readonly key: string; readonly vars?: Readonly<Record<string, string>> }>;
        readonly actions: ReadonlyArray<{
          readonly kind: string;
          readonly text: { readonly key: string; readonly vars?: Readonly<Record<string, string>> };
          readonly details: ReadonlyArray<{ readonly label: string; readonly value: string; readonly full?: string; readonly ltr: boolean }>;
        }>;
        readonly simulation?:
          | { readonly status: 'ok'; readonly changes: ReadonlyArray<{ readonly direction: 'out' | 'in'; readonly amount: string; readonly symbol: string; readonly asset?: string }> }
          | { readonly status: 'revert'; readonly reason: string }
          | { readonly status: 'unavailable' };
        readonly blocked?: { readonly key: string; readonly vars?: Readonly<Record<string, string>> };
      }
    | undefined
  >;
  /**
   * Checks a transfer's recipient on a network: the address to send to (normalised, e.g.
   * EIP-55), or the problem in English ("not a valid address on Ethereum").
   */
  checkRecipient?(input: string, network: Network): Promise<{ readonly address: string } | { readonly problem: string }>;
  /** What a transfer from the selected account would pay in network fees (an estimate); rejects when it would fail. */
  estimateTransfer?(transfer: TransferRequest, network: Network): Promise<Balance>;
  /**
   * Makes a transfer from the selected account through the namespace's gated provider (the
   * wallet, or the approval view, confirms it); resolves the transaction id (hash, signature,
   * txid). Rejects with the wallet's error (4001 when the user declines).
   */
  sendTransfer?(transfer: TransferRequest, network: Network): Promise<string>;
  /**
   * Where a transaction `sendTransfer` made stands: `pending` (not in a block yet), `confirmed`,
   * `failed` (in a block, reverted) or `dropped` (the network no longer knows it: replaced or
   * evicted before a block took it). The Send view polls it after sending.
   */
  transferStatus?(id: string, network: Network): Promise<'pending' | 'confirmed' | 'failed' | 'dropped'>;
  /**
   * A read through the network's own RPC (the host's RPC settings apply; where no URL answers,
   * eip155 asks the connected wallet only while it is on that network): for plugins that read
   * contracts, and bindings' reads (eip155: the reads viem's public actions send, `READ_METHODS`
   * in chain-eip155's `session.ts`; never a send or a signature). Rejects a method outside the
   * namespace's read list, and with the node's error.
   */
  readRpc?(method: string, params: readonly unknown[], network: Network): Promise<unknown>;
  /** Signs a text message with the selected account (EIP-191 on eip155); rejects if the user declines. */
  signMessage?(message: string): Promise<string>;
  /** The wallet provider for host code (EIP-1193 for eip155), with the policy gate applied. */
  getProvider?(): unknown;
  /**
   * Backs a connector another plugin registered (WalletConnect) with this namespace's wallet
   * provider (EIP-1193 on eip155), so connect, silent reconnect, events and switching work as for
   * any wallet. Returns the detach function (it stops listening to the provider and leaves the
   * stored connection alone, so a reload restores it).
   * Throws a `PorticoError` for an unusable provider, or a connector that already has one.
   */
  attachProvider?(connectorId: string, provider: unknown): () => void;
}

/** The service ref under which a chain plugin registers its adapter. */
export function chainAdapterRef(namespace: string): ServiceRef<ChainAdapter> {
  return createServiceRef<ChainAdapter>(`chain-adapter/${namespace}`);
}
