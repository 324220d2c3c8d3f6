import { AdapterNotFoundError, ChainNotSupportedError, ConnectCancelledError, NoActiveCaipAddressError } from '@portico/kernel/errors';
import { toError } from '../errors/toError';
import { connectorPreparerRef } from './connectorPreparerRef';
import { adapterOf, type ConnectionAttempt, type PorticoContext } from '../portico/porticoContext';

/**
 * Connects every namespace the attempt's connector serves (`kernel.connection.attempt.begin`
 * started it) and ends the attempt: connected, failed or cancelled. State only: what the modal
 * shows meanwhile follows the attempt (`followConnectAttempts`). A cancelled or superseded
 * attempt rejects with `ConnectCancelledError`, its late answer is ignored and each namespace
 * returns to what it was.
 */
export async function connect(ctx: PorticoContext, attempt: ConnectionAttempt): Promise<void> {
  const { kernel } = ctx;
  const { signal } = attempt;
  const slowTimer = setTimeout(attempt.markSlow, ctx.connectTimeoutMs);
  try {
    if (signal.aborted) throw signal.reason;
    const connector = kernel.connectors.get(attempt.connectorId);
    if (!connector) throw new AdapterNotFoundError(`no connector "${attempt.connectorId}"`);
    // A directory wallet connects through another connector (WalletConnect).
    const through = connector.via ? kernel.connectors.get(connector.via) : connector;
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
        attempt.answered = true;
      } catch (error) {
        const nothingThere = error instanceof NoActiveCaipAddressError || error instanceof ChainNotSupportedError;
        if (!nothingThere || ready.namespaces.length === 1) throw error;
        noAccounts ??= error;
      }
    }
    if (!attempt.answered && noAccounts) throw noAccounts;
    kernel.connection.addRecentWallet({ id: connector.id, name: connector.name, ...(connector.rdns ? { rdns: connector.rdns } : {}) });
    attempt.end('connected');
  } catch (error) {
    const cancelled = signal.aborted || error instanceof ConnectCancelledError;
    attempt.end(cancelled ? 'cancelled' : 'failed', toError(error));
    throw cancelled && signal.reason instanceof Error ? signal.reason : error;
  } finally {
    clearTimeout(slowTimer);
  }
}
