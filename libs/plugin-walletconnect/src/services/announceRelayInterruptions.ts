import type { AlertCenter, EventBus, Observable, PorticoEvents, Router, Unsubscribe } from '@portico/kernel';
import { WALLETCONNECT_INTERRUPTED_ALERT, WALLETCONNECT_REQUEST_VIEW, type WalletConnectConnectionState, type WalletConnectRequestsState } from '../api';

/**
 * Tells the user when the connection to the wallet is interrupted. The alert shows in the modal
 * whenever it is open, from the interruption until the relay is back. Alerts are not seen with
 * the modal closed, and that is how a host's request to the wallet runs (the wallet confirms on
 * its side), so a request waiting on an interrupted relay opens the modal on the request view
 * (once per wait: closing it is respected). That view closes itself when the request completes
 * and shows the error when it fails. Returns the disposer.
 */
export function announceRelayInterruptions(parts: {
  relay: { state: Observable<WalletConnectConnectionState>; requests: Observable<WalletConnectRequestsState>; clearFailure(): void };
  alerts: AlertCenter;
  router: Router;
  events: EventBus<PorticoEvents>;
}): Unsubscribe {
  const { relay, alerts, router, events } = parts;
  const { state: connection, requests } = relay;
  /** Set once the view was opened for the requests now waiting; cleared when none waits. */
  let openedForWait = false;
  let alerted = false;

  const update = () => {
    const interrupted = connection.getSnapshot().status === 'interrupted';
    const { pending, failed } = requests.getSnapshot();
    // While a request's failure is on screen ("could not be reached because the connection was
    // interrupted"), "Reconnecting…" beside it would say the opposite: the alert waits until the
    // failure is dismissed (the modal closed) or another request waits.
    const alert = interrupted && !(failed && pending === 0);
    if (alert !== alerted) {
      alerted = alert;
      if (alert) alerts.raise(WALLETCONNECT_INTERRUPTED_ALERT);
      else alerts.dismiss(WALLETCONNECT_INTERRUPTED_ALERT);
    }
    const onOurView = () => router.getSnapshot().isOpen && router.getSnapshot().current.view === WALLETCONNECT_REQUEST_VIEW;
    if (pending > 0 && interrupted && !openedForWait && !router.getSnapshot().isOpen) {
      openedForWait = true;
      void router.open(WALLETCONNECT_REQUEST_VIEW);
    } else if (pending === 0) {
      // Done: the view goes, unless it has a failure to show.
      if (openedForWait && !failed && onOurView()) router.close('closed');
      openedForWait = false;
    }
  };
  const stops = [connection.subscribe(update), requests.subscribe(update), events.on('modal:closed', () => relay.clearFailure())];
  update();
  return () => {
    for (const stop of stops) stop();
    alerts.dismiss(WALLETCONNECT_INTERRUPTED_ALERT);
  };
}
