import { usePluginT, usePortico } from '@portico/react';
import { Button } from '@portico/ui';
import { useState } from 'react';
import { EMAIL_VIEWS } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { OtpStep } from './OtpStep';
import { alertFor, useEmailService } from './useEmailService';

/**
 * A passcode step of the e-mail change (spec §4): `primary` (mailed to the current address; the
 * next goes to the new one) or `secondary` (mailed to the new address; the change is made).
 */
export function UpdateEmailOtp({ step, params }: { step: 'primary' | 'secondary'; params: unknown }) {
  const { kernel } = usePortico(step === 'primary' ? EMAIL_VIEWS.updatePrimary : EMAIL_VIEWS.updateSecondary);
  const p = usePluginT(messages);
  const service = useEmailService(EMAIL_VIEWS.update);
  const { email = '', newEmail = '' } = (params ?? {}) as { email?: string; newEmail?: string };
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [changed, setChanged] = useState<string>();

  const submit = async (value: string) => {
    if (!service || value.length !== 6) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      if (step === 'primary') {
        await service.confirmUpdatePrimary(value);
        kernel.router.push(EMAIL_VIEWS.updateSecondary, { email, newEmail });
      } else {
        setChanged(await service.confirmUpdateSecondary(value));
      }
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) kernel.alerts.raise(alert);
      setError(describeEmailError(failure, p));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  // A new code: the change starts again (a passcode to the current address).
  const resend = async () => {
    if (!service) return;
    setError(undefined);
    try {
      await service.updateEmail(newEmail);
      if (step === 'primary') setNotice(p('email.otp.sent'));
      else kernel.router.push(EMAIL_VIEWS.updatePrimary, { email, newEmail });
    } catch (failure) {
      setError(describeEmailError(failure, p));
    }
  };

  if (changed) {
    return (
      <div className="pt-stack pt-center" data-testid="email-update-done">
        <p role="status" style={{ margin: 0, textAlign: 'center' }}>
          {p('email.update.done', { email: changed })}
        </p>
        <Button block onClick={() => kernel.router.reset('Account')}>
          {p('email.update.back')}
        </Button>
      </div>
    );
  }
  return (
    <OtpStep
      testId={`email-update-${step}`}
      body={p(step === 'primary' ? 'email.update.primaryBody' : 'email.update.secondaryBody', { email: step === 'primary' ? email : newEmail })}
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
