import { useObservable, usePortico, useT } from '@portico/react';
import { AlertBanner, Button, Spinner } from '@portico/ui';
import { walletConnectServiceRef, type WalletConnectConnectionState, type WalletConnectRequestsState } from '../api';

const idle = { getSnapshot: (): WalletConnectConnectionState => ({ status: 'idle' }), subscribe: () => () => undefined };
const none = { getSnapshot: (): WalletConnectRequestsState => ({ pending: 0 }), subscribe: () => () => undefined };

/**
 * A request waiting for the wallet through WalletConnect while the connection to it is
 * interrupted (the modal's alert says so above): it goes to the wallet once the relay is back,
 * then the wallet confirms it on its side; if the relay stays away, the error in plain words.
 */
export default function WalletConnectRequestView() {
  const portico = usePortico('WalletConnectRequestView');
  const t = useT();
  const service = portico.kernel.hasService(walletConnectServiceRef) ? portico.kernel.getService(walletConnectServiceRef) : undefined;
  const connection = useObservable(service?.connectionState ?? idle);
  const requests = useObservable(service?.requests ?? none);

  if (!service) return <AlertBanner severity="error" title={t('walletconnect.unavailable', undefined, 'WalletConnect is not enabled')} />;
  if (requests.failed) {
    return (
      <div className="pt-center" data-testid="walletconnect-request-view" data-state="failed">
        <AlertBanner severity="error" title={t('walletconnect.request.failed', undefined, 'The request did not go through')}>
          {t('walletconnect.request.failedMessage', undefined, requests.failed.message)}
        </AlertBanner>
        <Button onClick={() => portico.close()}>{t('walletconnect.request.close', undefined, 'Close')}</Button>
      </div>
    );
  }
  const interrupted = connection.status === 'interrupted';
  return (
    <div className="pt-center" data-testid="walletconnect-request-view" data-state={interrupted ? 'interrupted' : 'waiting'}>
      <Spinner label="" />
      <p style={{ fontWeight: 600, margin: 0 }}>{t('walletconnect.request.waiting', undefined, 'Waiting for your wallet')}</p>
      <p className="pt-muted" aria-live="polite">
        {interrupted
          ? t('walletconnect.request.whenBack', undefined, 'The request goes to your wallet once the connection is back.')
          : t('walletconnect.request.confirm', undefined, 'Confirm the request in your wallet.')}
      </p>
    </div>
  );
}
