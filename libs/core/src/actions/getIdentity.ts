import type { AccountIdentity } from '@portico/kernel';
import type { AccountRead } from '../portico/accountReads';
import { connectedAccount } from '../portico/connectedAccount';
import type { PorticoContext } from '../portico/porticoContext';

/**
 * The live name-service read (ENS on eip155:1; 5 min fresh, "none" included) of the namespace's
 * selected account: its `error` says why a lookup failed, and watching it retries with backoff.
 * Undefined when disconnected or when the chain has no name service.
 */
export function identityRead(ctx: PorticoContext, namespace: string): AccountRead<AccountIdentity | undefined> | undefined {
  const a = connectedAccount(ctx, namespace);
  return a?.chain.getIdentity && ctx.reads ? ctx.reads.identities.read(a.key, () => a.chain.getIdentity!(a.address, a.network)) : undefined;
}

/**
 * The namespace's name-service profile, or undefined when there is none or the lookup failed:
 * the address is shown instead (the failure is logged, not cached; `identityRead` reports it).
 */
export async function getIdentity(ctx: PorticoContext, namespace: string): Promise<AccountIdentity | undefined> {
  try {
    return await identityRead(ctx, namespace)?.fetch();
  } catch (error) {
    ctx.kernel.logger.warn('Name lookup failed', error);
    return undefined;
  }
}
