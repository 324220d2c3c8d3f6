import { useObservable, usePortico, usePluginT } from '@portico/react';
import { AlertBanner, Button, Spinner } from '@portico/ui';
import { walletConnectServiceRef, type WalletConnectConnectionState, type WalletConnectRequestsState } from '../api';
import { messages } from './messages';

const idle = { getSnapshot: (): WalletConnectConnectionState => ({ status: 'idle' }), subscribe: () => () => undefined };
const none = { getSnapshot: (): WalletConnectRequestsState => ({ pending: 0 }), subscribe: () => () => undefined };

/**
 * A request waiting for the wallet through WalletConnect while the connection to it is
 * interrupted (the modal's alert says so above): it goes to the wallet once the relay is back,
 * then the wallet confirms it on its side; if the relay stays away, the error in plain words.
 */
export default function WalletConnectRequestView() {
  const portico = usePortico('WalletConnectRequestView');
  const t = usePluginT(messages);
  const service = portico.kernel.hasService(walletConnectServiceRef) ? portico.kernel.getService(walletConnectServiceRef) : undefined;
  const connection = useObservable(service?.connectionState ?? idle);
  const requests = useObservable(service?.requests ?? none);

  if (!service) return <AlertBanner severity="error" title={t('walletconnect.unavailable')} />;
  if (requests.failed) {
    return (
      <div className="pt-center" data-testid="walletconnect-request-view" data-state="failed">
        <AlertBanner severity="error" title={t('walletconnect.request.failed')}>
          {t('walletconnect.request.failedMessage')}
        </AlertBanner>
        <Button onClick={() => portico.close()}>{t('walletconnect.request.close')}</Button>
      </div>
    );
  }
  const interrupted = connection.status === 'interrupted';
  return (
    <div className="pt-center" data-testid="walletconnect-request-view" data-state={interrupted ? 'interrupted' : 'waiting'}>
      <Spinner label="" />
      <p style={{ fontWeight: 600, margin: 0 }}>{t('walletconnect.request.waiting')}</p>
      <p className="pt-muted" aria-live="polite">
        {interrupted
          ? t('walletconnect.request.whenBack')
          : t('walletconnect.request.confirm')}
      </p>
    </div>
  );
}
