import type { Kernel } from '@portico/kernel';
import type { ConnectionAttempt } from './porticoContext';

/** An ended attempt's `off`: a module-level function, since V8 keeps a function literal assigned to a property in old space with what its context reaches. */
const ended = (): void => undefined;

/**
 * What the modal shows of connect attempts, decided from the attempt alone (the connect action
 * only changes state): when one begins, the connector's own view (a QR code, when its plugin
 * contributes it) or the view with the `connecting` role; leaving that view (Back, another view)
 * or closing the modal before a wallet answered gives the attempt up; when it connects, the modal
 * closes if it is still on that view (a plugin, sign-in, may have moved it on). An attempt started
 * while the modal is closed leaves no view behind when it ends, however it ends. Without such a
 * view (a headless host) nothing is shown. Returns the way to stop following.
 */
export function followConnectAttempts(kernel: Kernel): () => void {
  const { router, connection } = kernel;
  let followed: { attempt: ConnectionAttempt; views: ReadonlySet<string>; off: () => void } | undefined;
  const onAttempt = () => {
    const attempt = connection.attempt.current;
    if (followed && followed.attempt !== attempt) {
      followed.off();
      followed = undefined;
    }
    if (!attempt) return;
    if (!followed && !attempt.outcome) {
      const connector = kernel.connectors.get(attempt.connectorId);
      const through = connector?.via ? kernel.connectors.get(connector.via) : connector;
      const shown = router.viewFor('connecting');
      const view = through?.view && kernel.contributions.ownerOf('views', through.view) ? through.view : shown;
      if (!view) return;
      const views = new Set([shown, view].filter((v): v is string => v !== undefined));
      if (!views.has(router.getSnapshot().current.view)) router.push(view, { connectorId: attempt.connectorId });
      const off = router.subscribe(() => {
        const { isOpen, stack } = router.getSnapshot();
        if (!attempt.answered && (!isOpen || !stack.some((entry) => views.has(entry.view)))) attempt.cancel();
      });
      followed = { attempt, views, off };
    }
    if (followed && attempt.outcome) {
      const { views, off } = followed;
      off();
      const { isOpen, current } = router.getSnapshot();
      if (views.has(current.view)) {
        // Closed (a host's own `connect()` call), whatever its outcome: the connecting view it was put
        // on goes, so the next open starts where an open starts (the account, or Connect), not on a
        // finished attempt. Open: a connected attempt closes the modal; a failed one stays to say why.
        if (!isOpen) router.reset();
        else if (attempt.outcome === 'connected') router.close('connected');
      }
      // Stays followed (ended) until the next attempt, so it is not followed again.
      followed.off = ended;
    }
  };
  onAttempt();
  const off = connection.attempt.subscribe(onAttempt);
  return () => {
    off();
    followed?.off();
    followed = undefined;
  };
}
