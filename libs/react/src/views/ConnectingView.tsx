import { AlertBanner, Avatar, Button, Spinner } from '@portico/ui';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Connecting: the wallet, a spinner while waiting, the error and a retry when it fails. */
export default function ConnectingView() {
  const portico = usePortico('ConnectingView');
  const t = useT();
  const attempt = useObservable(portico.connectAttempt);
  const connectors = useObservable(portico.kernel.connectors);
  const connector = connectors.find((c) => c.id === attempt?.connectorId);
  const name = connector?.name ?? '';
  return (
    <div className="pt-center">
      <Avatar src={connector?.icon} name={name || '?'} size={72} />
      <p style={{ fontWeight: 600, margin: 0 }}>{t('connecting.continueIn', { name })}</p>
      {attempt?.status === 'failed' ? (
        <>
          <AlertBanner severity="error" title={t('connecting.failed')}>
            {attempt.error?.message ?? t('connecting.failedHelp')}
          </AlertBanner>
          <Button onClick={() => void portico.connect(attempt.connectorId).catch(() => undefined)}>{t('connecting.retry')}</Button>
        </>
      ) : (
        <>
          <Spinner label={t('connecting.accept')} />
          <p className="pt-muted">{t('connecting.accept')}</p>
        </>
      )}
    </div>
  );
}
