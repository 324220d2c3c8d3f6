import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { AlertBanner, Button, Spinner } from '@portico/ui';
import { useEffect, useState } from 'react';
import { EMAIL_VIEWS } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { alertFor, useEmailService } from './useEmailService';

/** EmailVerifyDevice: waits until the mailed device link is opened, then the passcode view opens. */
export default function EmailVerifyDeviceView({ params }: ViewProps) {
  const { kernel } = usePortico('EmailVerifyDeviceView');
  const p = usePluginT(messages);
  const service = useEmailService('EmailVerifyDeviceView');
  const email = (params as { email?: string } | undefined)?.email ?? service?.state.getSnapshot().email ?? '';
  const [error, setError] = useState<string | undefined>();
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (!service) return;
    const controller = new AbortController();
    service.confirmDevice(controller.signal).then(
      () => kernel.router.replace(EMAIL_VIEWS.otp, { email }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const alert = alertFor(failure);
        if (alert) kernel.alerts.raise(alert);
        setError(describeEmailError(failure, p));
      },
    );
    return () => controller.abort();
  }, [service, kernel, email, p]);

  const resend = async () => {
    if (!service) return;
    setResending(true);
    setError(undefined);
    try {
      await service.connectEmail(email);
    } catch (failure) {
      setError(describeEmailError(failure, p));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="pt-stack pt-center" data-testid="email-verify-device">
      <h2 className="pt-heading">{p('email.device.heading')}</h2>
      <p className="pt-muted" style={{ margin: 0, textAlign: 'center' }}>
        {p('email.device.body', { email })}
      </p>
      <Spinner label={p('email.device.waiting')} />
      {error ? <AlertBanner severity="error" title={p('email.failed')}>{error}</AlertBanner> : null}
      <Button variant="secondary" loading={resending} onClick={() => void resend()}>
        {p('email.device.resend')}
      </Button>
    </div>
  );
}
