import { AlertBanner, Avatar, Button, Spinner } from '@portico/ui';
import { ErrorBanner } from '../errors/ErrorBanner';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/**
 * Connecting: the wallet, a spinner while waiting; after the connect timeout, that the wallet is
 * not answering, with a retry and the way back to the other wallets; the error and a retry when
 * it fails.
 */
export default function ConnectingView() {
  const portico = usePortico('ConnectingView');
  const t = useT();
  const attempt = useObservable(portico.connectAttempt);
  const connectors = useObservable(portico.kernel.connectors);
  const connector = connectors.find((c) => c.id === attempt?.connectorId);
  const name = connector?.name ?? '';
  const retry = () => attempt && void portico.connect(attempt.connectorId).catch(() => undefined);
  // Back to the list (leaving this view cancels a pending attempt); on a first view, the Connect view.
  const otherWallets = () => portico.kernel.router.back() || portico.kernel.router.reset('Connect');
  return (
    <div className="pt-center">
      <Avatar src={connector?.icon} name={name || '?'} size={72} />
      <p style={{ fontWeight: 600, margin: 0 }}>{t('connecting.continueIn', { name })}</p>
      {attempt?.status === 'failed' ? (
        <>
          <ErrorBanner error={attempt.error} title={t('connecting.failed')} />
          <Button onClick={retry}>{t('connecting.retry')}</Button>
        </>
      ) : attempt?.slow ? (
        <>
          <AlertBanner severity="warning" title={t('connecting.slow')}>
            {t('connecting.slowHelp', { name })}
          </AlertBanner>
          <div className="pt-row">
            <Button onClick={retry}>{t('connecting.retry')}</Button>
            <Button variant="secondary" onClick={otherWallets}>
              {t('connecting.otherWallets')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Spinner label="" />
          <p className="pt-muted" role="status">
            {t('connecting.accept')}
          </p>
        </>
      )}
    </div>
  );
}
