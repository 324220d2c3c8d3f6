import type { TokenBalance } from '@portico/kernel';
import type { AccountRead } from '../portico/accountReads';
import { connectedAccount } from '../portico/connectedAccount';
import type { PorticoContext } from '../portico/porticoContext';

/** The live token-balances read of the namespace's selected account (30 s portfolio cache), like `balanceRead`. */
export function tokensRead(ctx: PorticoContext, namespace: string): AccountRead<readonly TokenBalance[] | undefined> | undefined {
  const a = connectedAccount(ctx, namespace);
  return a?.chain.getTokens && ctx.reads ? ctx.reads.portfolios.read(a.key, () => a.chain.getTokens!(a.address, a.network)) : undefined;
}

/** Token balances of the namespace's selected account when its wallet reports them; rejects when the read fails. */
export async function getTokens(ctx: PorticoContext, namespace: string): Promise<readonly TokenBalance[] | undefined> {
  return tokensRead(ctx, namespace)?.fetch();
}
