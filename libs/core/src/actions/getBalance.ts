import type { Balance } from '@portico/kernel';
import type { AccountRead } from '../portico/accountReads';
import { connectedAccount } from '../portico/connectedAccount';
import type { PorticoContext } from '../portico/porticoContext';

/**
 * The live native-balance read of the namespace's selected account (last good value, error,
 * stale; 30 s fresh): watching it retries failures with backoff. Undefined when disconnected or
 * when the chain has no balance.
 */
export function balanceRead(ctx: PorticoContext, namespace: string): AccountRead<Balance> | undefined {
  const a = connectedAccount(ctx, namespace);
  return a?.chain.getBalance && ctx.reads ? ctx.reads.balances.read(a.key, () => a.chain.getBalance!(a.address, a.network)) : undefined;
}

/** The namespace's native balance (a fresh cached value, or a read now), or undefined; rejects when the read fails. */
export async function getBalance(ctx: PorticoContext, namespace: string): Promise<Balance | undefined> {
  return balanceRead(ctx, namespace)?.fetch();
}
