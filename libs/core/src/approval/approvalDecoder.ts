import type { MessageKey } from '../i18n/en';
import type { ApprovalNetwork } from './describeRequest';

/** A sentence from the catalogue with values taken from the request (shown as text, never markup). */
export interface ApprovalText {
  readonly key: MessageKey;
  readonly vars?: Readonly<Record<string, string>>;
}

/** A labelled value of one action: an address (`full` the whole of it), an amount, a token. */
export interface ApprovalDetail {
  readonly label: MessageKey;
  readonly value: string;
  /** The whole value when `value` is shortened (addresses, long numbers): shown on demand, copyable. */
  readonly full?: string;
  /** Addresses, hex and amounts: left-to-right whatever the language. */
  readonly ltr: boolean;
}

/** One thing a request does (a batch: one per call), in a sentence, with its details. */
export interface ApprovalAction {
  /** What kind it is, for tests and styling: `send`, `approve`, `approveAll`, `permit`, `swap`, `call`, … */
  readonly kind: string;
  readonly text: ApprovalText;
  readonly details: readonly ApprovalDetail[];
}

/** One balance change a simulation predicts for the signing account. */
export interface ApprovalChange {
  readonly direction: 'out' | 'in';
  /** Formatted in the asset's decimals and the locale's digits. */
  readonly amount: string;
  readonly symbol: string;
  /** The token's contract or mint; absent for the native currency. */
  readonly asset?: string;
}

/**
 * What the network predicts the request would do, run against its current state
 * (`eth_simulateV1`, `simulateTransaction`, or a PSBT's own inputs and outputs): the changes, a
 * predicted failure with the node's reason, or that it could not be simulated (never a silent gap).
 */
export type ApprovalSimulation =
  | { readonly status: 'ok'; readonly changes: readonly ApprovalChange[] }
  | { readonly status: 'revert'; readonly reason: string }
  | { readonly status: 'unavailable' };

/** What a chain plugin's decoder made of a request: the risks first, then what happens. */
export interface DecodedApproval {
  /** Warnings a person must read before approving (an unlimited allowance, every NFT of a collection, …). */
  readonly risks: readonly ApprovalText[];
  readonly actions: readonly ApprovalAction[];
  /** For a request that moves assets (a transaction, a batch, a PSBT): what the network predicts; absent for an off-chain signature. */
  readonly simulation?: ApprovalSimulation;
  /**
   * Why the request cannot go through as it stands (its value and fee above the balance): shown
   * before Approve, which then leads nowhere (disabled) rather than to a wallet's refusal.
   */
  readonly blocked?: ApprovalText;
}

/** What a decoder may use: the network, the account that signs, chain reads, the clock. */
export interface DecodeContext {
  readonly network: ApprovalNetwork;
  /** The account asked to sign or send (its address in the namespace's form). */
  readonly account?: string | undefined;
  /**
   * Every address of the connected wallet in this namespace (a Bitcoin wallet's payment and
   * ordinals addresses), from the connection, never from the request: what goes back to one of
   * them is change. Absent: the account alone.
   */
  readonly ownAddresses?: readonly string[] | undefined;
  /** A read of the network's JSON-RPC (`eth_call`, `getAccountInfo`, …): through the network's RPC, never the wallet's signing methods. */
  readonly read: (method: string, params: readonly unknown[]) => Promise<unknown>;
  /** The modal's locale, for numbers and dates. */
  readonly locale: string;
  readonly now: () => number;
  /**
   * The name an address goes by where the namespace has one that resolves (an ENS primary name,
   * ENSIP-15 normalised), or undefined; a decoder shows it in place of the shortened address and
   * keeps the address in the details. Absent where the namespace has no naming service.
   */
  readonly nameOf?: (address: string) => Promise<string | undefined>;
}

/**
 * A chain plugin's reading of its namespace's requests (issue #37): what a call, a permit or a
 * transaction will do, in sentences, with the risks stated first. `undefined` for a request it
 * does not know (the generic reading, `describeRequest`, stays); a decoder never throws for
 * malformed input, it says so or leaves it to the generic reading.
 */
export interface ApprovalDecoder {
  decode(request: { readonly method: string; readonly params?: unknown }, ctx: DecodeContext): Promise<DecodedApproval | undefined>;
}
