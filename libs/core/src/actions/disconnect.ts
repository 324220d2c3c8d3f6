import { adapterOf, type PorticoContext } from '../portico/porticoContext';

/** Disconnects one namespace, or every connected one; forgets the account reads. */
export async function disconnect(ctx: PorticoContext, namespace?: string): Promise<void> {
  const { namespaces } = ctx.kernel.connection.getSnapshot();
  const targets = namespace ? [namespace] : Object.keys(namespaces).filter((ns) => namespaces[ns]?.status !== 'disconnected');
  for (const ns of targets) {
    const chain = adapterOf(ctx, ns);
    if (chain) await chain.disconnect();
    else ctx.kernel.connection.setDisconnected(ns);
  }
  ctx.reads?.balances.clear();
  ctx.reads?.portfolios.clear();
  ctx.reads?.identities.clear();
}
