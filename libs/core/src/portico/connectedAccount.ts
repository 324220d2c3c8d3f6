import { adapterOf, networkOf, type PorticoContext } from './porticoContext';

/** A namespace's connected account on one of the app's networks, with its chain adapter and cache key. */
export function connectedAccount(ctx: PorticoContext, namespace: string) {
  const { address, network: networkId, status } = ctx.kernel.connection.get(namespace);
  const chain = adapterOf(ctx, namespace);
  const target = networkOf(ctx, networkId);
  if (status !== 'connected' || !address || !target || !chain) return undefined;
  return { address, network: target, chain, key: `${target.caipNetworkId}|${address}` };
}
