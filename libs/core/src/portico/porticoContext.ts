import { chainAdapterRef, type AccountIdentity, type ConnectionStore, type Balance, type ChainAdapter, type Kernel, type TokenBalance } from '@portico/kernel';
import type { AccountReads } from './accountReads';
import type { Network } from './porticoConfigSchema';

/** What the Connecting view shows of the attempt in progress (`kernel.connection.attempt`): connecting (perhaps slow) or failed. */
export type ConnectAttempt = NonNullable<ReturnType<ConnectionStore['attempt']['getSnapshot']>>;

/** A connect attempt itself (`kernel.connection.attempt.begin`): its signal, its outcome, `answered`. */
export type ConnectionAttempt = NonNullable<ConnectionStore['attempt']['current']>;

/**
 * What the actions of one Portico instance share: its kernel and networks and the account reads
 * (the connect attempt in progress is the kernel's connection store's). Made by `createPortico`; the actions (`actions/`) are the
 * only code that changes it.
 */
export interface PorticoContext {
  readonly kernel: Kernel;
  readonly networks: readonly Network[];
  readonly connectTimeoutMs: number;
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
