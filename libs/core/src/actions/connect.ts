import { AdapterNotFoundError, ChainNotSupportedError, ConnectCancelledError, NoActiveCaipAddressError } from '@portico/kernel/errors';
import { toError } from '../errors/toError';
import { connectorPreparerRef } from './connectorPreparerRef';
import { adapterOf, type PorticoContext } from '../portico/porticoContext';

/**
 * Connects every namespace a connector serves; shows the connecting view, closes on success. A
 * newer call supersedes a pending one; leaving the connecting view or closing the modal before
 * the wallet answered cancels it. A cancelled or superseded attempt rejects with
 * `ConnectCancelledError`, its late answer is ignored and each namespace returns to what it was.
 */
export async function connect(ctx: PorticoContext, connectorId: string): Promise<void> {
  const { kernel, attempt } = ctx;
  const connector = kernel.connectors.get(connectorId);
  if (!connector) throw new AdapterNotFoundError(`no connector "${connectorId}"`);
  ctx.pending?.controller.abort(new ConnectCancelledError('superseded'));
  const mine = { id: ++ctx.attempts, controller: new AbortController() };
  ctx.pending = mine;
  const { signal } = mine.controller;
  attempt.set({ id: mine.id, connectorId, status: 'connecting' });
  // A directory wallet connects through another connector (WalletConnect); the view still names it.
  const through = connector.via ? kernel.connectors.get(connector.via) : connector;
  // A connector may name its own view (a QR code), when its plugin contributes it; else the
  // view with the `connecting` role. A headless host (no such view) connects without one.
  const shown = kernel.router.viewFor('connecting');
  const view = through?.view && kernel.contributions.ownerOf('views', through.view) ? through.view : shown;
  const connectingViews: ReadonlySet<string | undefined> = new Set([shown, view].filter(Boolean));
  if (view && !connectingViews.has(kernel.router.getSnapshot().current.view)) kernel.router.push(view, { connectorId });
  let connected = 0;
  // Until a wallet answered, leaving the connecting view (Back, another view) or closing the modal gives the attempt up.
  const offRouter = !view
    ? () => undefined
    : kernel.router.subscribe(() => {
        const { isOpen, stack } = kernel.router.getSnapshot();
        if (connected === 0 && (!isOpen || !stack.some((entry) => connectingViews.has(entry.view)))) mine.controller.abort(new ConnectCancelledError());
      });
  const slowTimer = setTimeout(() => {
    const now = attempt.getSnapshot();
    if (now?.id === mine.id && now.status === 'connecting') attempt.set({ ...now, slow: true });
  }, ctx.connectTimeoutMs);
  try {
    if (!through) throw new AdapterNotFoundError(`"${connector.name}" connects through "${connector.via}", which is not enabled`);
    // A provider loaded on demand (WalletConnect's) is attached first; it may leave a namespace out.
    const preparer = connectorPreparerRef(through.id);
    if (kernel.hasService(preparer)) await kernel.getService(preparer)();
    if (signal.aborted) throw signal.reason;
    const ready = kernel.connectors.get(through.id);
    if (!ready) throw new AdapterNotFoundError(`"${through.name}" is no longer available`);
    // A multi-chain connection (a WalletConnect session, a multi-chain wallet) may bring
    // accounts for only some of its namespaces: those without any (or on none of the app's
    // networks) are left disconnected.
    let noAccounts: unknown;
    for (const namespace of ready.namespaces) {
      const chain = adapterOf(ctx, namespace);
      if (!chain) throw new AdapterNotFoundError(`no chain plugin provides "${namespace}"`);
      if (signal.aborted) throw signal.reason;
      try {
        await chain.connect(ready.id, { signal });
        connected++;
      } catch (error) {
        const nothingThere = error instanceof NoActiveCaipAddressError || error instanceof ChainNotSupportedError;
        if (!nothingThere || ready.namespaces.length === 1) throw error;
        noAccounts ??= error;
      }
    }
    if (connected === 0 && noAccounts) throw noAccounts;
    kernel.connection.addRecentWallet({ id: connector.id, name: connector.name, ...(connector.rdns ? { rdns: connector.rdns } : {}) });
    if (ctx.pending === mine) attempt.set(undefined);
    // A plugin (sign-in) may have moved the modal on; only close from the connecting view.
    if (connectingViews.has(kernel.router.getSnapshot().current.view)) kernel.router.close('connected');
  } catch (error) {
    const cancelled = signal.aborted || error instanceof ConnectCancelledError;
    // A superseded attempt leaves the view to the newer one; a cancelled one leaves nothing to show.
    if (ctx.pending === mine) attempt.set(cancelled ? undefined : { id: mine.id, connectorId, status: 'failed', error: toError(error) });
    throw cancelled && signal.reason instanceof Error ? signal.reason : error;
  } finally {
    clearTimeout(slowTimer);
    offRouter();
    if (ctx.pending === mine) ctx.pending = undefined;
  }
}
