import type { AlertCenter, EventBus, PorticoEvents, Router } from '@portico/kernel';
import { announceRelayInterruptions } from './announceRelayInterruptions';
import { WalletConnectConnection, type WalletConnectConnectionOptions } from './WalletConnectConnection';

/**
 * The plugin's WalletConnect connection and what watches its relay, made when first needed (the
 * user picks WalletConnect, the QR view prepares its client, or a stored session is restored),
 * not with the page (#41): the connection, the relay monitor and the interruption alerts are this
 * chunk. Returns the connection and the disposer of both.
 */
export function createWalletConnectSession(
  options: WalletConnectConnectionOptions,
  parts: { alerts: AlertCenter; router: Router; events: EventBus<PorticoEvents> },
): { session: WalletConnectConnection; dispose(): void } {
  const session = new WalletConnectConnection(options);
  // The relay away: an alert in the modal, and the modal opened on a request waiting for the wallet.
  const stopAnnouncing = announceRelayInterruptions({ relay: session.relay, ...parts });
  return {
    session,
    dispose() {
      stopAnnouncing();
      session.dispose();
    },
  };
}
