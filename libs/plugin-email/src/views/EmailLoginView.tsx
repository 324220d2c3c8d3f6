import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button, TextField } from '@portico/ui';
import { useState, type FormEvent } from 'react';
import { EMAIL_PATTERN, EMAIL_VIEWS } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { alertFor, useEmailService } from './useEmailService';

/** EmailLogin: the address; the device link or the passcode is mailed, and the next view opens. */
export default function EmailLoginView(_props: ViewProps) {
  const { kernel } = usePortico('EmailLoginView');
  const p = usePluginT(messages);
  const service = useEmailService('EmailLoginView');
  const [email, setEmail] = useState(() => service?.state.getSnapshot().email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(service ? undefined : p('email.loadFailed'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return setError(p('email.invalid'));
    if (!service) return;
    setBusy(true);
    setError(undefined);
    try {
      const next = await service.connectEmail(address);
      kernel.router.push(next === 'device' ? EMAIL_VIEWS.device : EMAIL_VIEWS.otp, { email: address });
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) kernel.alerts.raise(alert);
      setError(describeEmailError(failure, p));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pt-stack" noValidate onSubmit={(event) => void submit(event)} data-testid="email-login">
      <TextField
        label={p('email.label')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={p('email.placeholder')}
        value={email}
        error={error}
        autoFocus
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" block loading={busy} disabled={!service}>
        {p('email.continue')}
      </Button>
    </form>
  );
}
