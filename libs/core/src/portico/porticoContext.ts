import { chainAdapterRef, type AccountIdentity, type Balance, type ChainAdapter, type Kernel, type TokenBalance } from '@portico/kernel';
import type { AccountReads } from './accountReads';
import type { Network } from './porticoConfigSchema';

/** The state of the connect attempt shown on the Connecting view. */
export interface ConnectAttempt {
  /** Increases with every attempt of this instance. */
  readonly id: number;
  readonly connectorId: string;
  readonly status: 'connecting' | 'failed';
  /** Still waiting after `connectTimeoutMs`: the wallet is not answering (the attempt stays open). */
  readonly slow?: boolean;
  readonly error?: Error | undefined;
}

/**
 * What the actions of one Portico instance share: its kernel and networks, the connect attempt
 * in progress and the account reads. Made by `createPortico`; the actions (`actions/`) are the
 * only code that changes it.
 */
export interface PorticoContext {
  readonly kernel: Kernel;
  readonly networks: readonly Network[];
  readonly connectTimeoutMs: number;
  readonly attempt: { getSnapshot(): ConnectAttempt | undefined; set(value: ConnectAttempt | undefined): void };
  /** Attempts made so far (the next attempt's id is one more). */
  attempts: number;
  /** The attempt in progress: aborting its controller cancels it in every chain adapter. */
  pending: { readonly id: number; readonly controller: AbortController } | undefined;
  /** The account reads, once their code has loaded (`readsModule.ts`); undefined before. */
  reads: AccountReadStores | undefined;
}

/** Per account and network: the last good value survives a failed refresh; retries only while watched. */
export interface AccountReadStores {
  readonly balances: AccountReads<Balance>;
  readonly portfolios: AccountReads<readonly TokenBalance[] | undefined>;
  readonly identities: AccountReads<AccountIdentity | undefined>;
}

/** The chain adapter the namespace's chain plugin registered, if it is active. */
export function adapterOf(ctx: Pick<PorticoContext, 'kernel'>, namespace: string): ChainAdapter | undefined {
  const ref = chainAdapterRef(namespace);
  return ctx.kernel.hasService(ref) ? ctx.kernel.getService(ref) : undefined;
}

/** One of the app's networks by CAIP-2 id. */
export function networkOf(ctx: Pick<PorticoContext, 'networks'>, id: string | undefined): Network | undefined {
  return ctx.networks.find((n) => n.caipNetworkId === id);
}
