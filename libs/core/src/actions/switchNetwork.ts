import { AdapterNotFoundError, ChainNotSupportedError } from '@portico/kernel/errors';
import { adapterOf, networkOf, type PorticoContext } from '../portico/porticoContext';

/** Switches to one of the app's networks; an unknown one raises the Network Not Found alert and rejects. */
export async function switchNetwork(ctx: PorticoContext, networkId: string): Promise<void> {
  const target = networkOf(ctx, networkId);
  if (!target) {
    ctx.kernel.alerts.raise('network-not-found', networkId);
    throw new ChainNotSupportedError(`"${networkId}" is not one of the app's networks`);
  }
  const namespace = networkId.split(':')[0]!;
  const chain = adapterOf(ctx, namespace);
  if (!chain) throw new AdapterNotFoundError(`no chain plugin provides "${namespace}"`);
  await chain.switchNetwork(target);
}
