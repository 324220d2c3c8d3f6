/**
 * An account's activity (the spec's Transaction entity), the same shape on every namespace so
 * one Activity view shows them all. Chain plugins build it from their data source (an
 * Etherscan-compatible account API on eip155, the RPC on Solana, Esplora on Bitcoin).
 */

/** What a transaction did, from the account's point of view. */
export type ActivityOperation = 'send' | 'receive' | 'self' | 'execute' | 'deploy' | 'approve' | 'trade' | 'mint';

/** `pending` (not yet in a block), `confirmed`, or `failed` (in a block, reverted). */
export type ActivityStatus = 'pending' | 'confirmed' | 'failed';

/** Which way an asset moved for the account. */
export type TransferDirection = 'in' | 'out' | 'self';

/** One asset movement of a transaction: a fungible amount or an NFT. */
export interface ActivityTransfer {
  readonly direction: TransferDirection;
  /** The amount in whole units as a decimal string (`'0.001'`), never negative. */
  readonly quantity: { readonly numeric: string };
  readonly fungible_info?: {
    readonly name: string;
    readonly symbol: string;
    /** Untrusted image URL (shown only as data:/https:). */
    readonly icon?: { readonly url: string } | undefined;
  } | undefined;
  readonly nft_info?: {
    readonly name: string;
    /** Untrusted image URL (shown only as data:/https:). */
    readonly content?: { readonly preview?: { readonly url: string } | undefined } | undefined;
  } | undefined;
  /** Fiat value of the movement, when the source knows it. */
  readonly value?: number | undefined;
}

/** One transaction of an account. */
export interface ActivityTransaction {
  /** The transaction hash (eip155), signature (solana) or txid (bip122). */
  readonly id: string;
  readonly metadata: {
    readonly operationType: ActivityOperation;
    readonly status: ActivityStatus;
    /** Chain-native addresses (no CAIP prefix); `sentTo` is empty for a contract creation. */
    readonly sentFrom: string;
    readonly sentTo: string;
    /** ISO 8601 time of the block; absent while pending. */
    readonly minedAt?: string | undefined;
    /** CAIP-2 network id. */
    readonly chain: string;
    readonly hash: string;
    /** For a contract creation, what was made, when the contract names itself (ERC-20 / ERC-721 `name()`, `symbol()`). */
    readonly created?: { readonly name: string; readonly symbol?: string | undefined } | undefined;
  };
  readonly transfers: readonly ActivityTransfer[];
}

/** One page of an account's activity, newest first (pending ones before the rest). */
export interface ActivityPage {
  readonly transactions: readonly ActivityTransaction[];
  /** Opaque cursor of the next (older) page; absent on the last page. */
  readonly next?: string | undefined;
}

/** One NFT an account holds (ERC-721 / ERC-1155 on eip155; a Metaplex NFT on Solana). */
export interface Nft {
  /** Unique within the network: `<contract or mint>:<token id>`. */
  readonly id: string;
  /** The collection's contract (eip155) or the mint (solana). */
  readonly contract: string;
  readonly tokenId: string;
  readonly name: string;
  /** The collection's name, when known. */
  readonly collection?: string | undefined;
  /** Untrusted image URL from the token's metadata (shown only as data:/https:). */
  readonly imageUrl?: string | undefined;
  /** How many the account holds (ERC-1155 may be more than one). */
  readonly quantity: string;
}
