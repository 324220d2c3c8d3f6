import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { useState } from 'react';
import { EMAIL_CONNECTOR_ID, EMAIL_VIEWS } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { OtpStep } from './OtpStep';
import { alertFor, useEmailService } from './useEmailService';

/** EmailVerifyOtp: the mailed 6-digit code; once right, the AUTH connector connects and the modal closes. */
export default function EmailVerifyOtpView({ params }: ViewProps) {
  const portico = usePortico('EmailVerifyOtpView');
  const p = usePluginT(messages);
  const service = useEmailService('EmailVerifyOtpView');
  const email = (params as { email?: string } | undefined)?.email ?? service?.state.getSnapshot().email ?? '';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();

  const submit = async (value: string) => {
    if (!service || value.length !== 6) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const recovery = await service.confirmOtp(value);
      // A new device: the wallet is brought here with the recovery password, or cannot be.
      if (recovery === 'password') {
        portico.kernel.router.push(EMAIL_VIEWS.recover, { email });
        return;
      }
      if (recovery === 'unavailable') {
        setError(p('email.recovery.unavailable'));
        setCode('');
        return;
      }
      await portico.connect(EMAIL_CONNECTOR_ID);
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) portico.kernel.alerts.raise(alert);
      setError(describeEmailError(failure, p));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!service) return;
    setError(undefined);
    try {
      await service.connectEmail(email);
      setNotice(p('email.otp.sent'));
    } catch (failure) {
      setError(describeEmailError(failure, p));
    }
  };

  return (
    <OtpStep
      testId="email-verify-otp"
      body={p('email.otp.body', { email })}
      code={code}
      busy={busy}
      error={error}
      notice={notice}
      onCode={setCode}
      onSubmit={(value) => void submit(value)}
      onResend={() => void resend()}
    />
  );
}
