import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button, TextField } from '@portico/ui';
import { useState, type FormEvent } from 'react';
import { EMAIL_CONNECTOR_ID } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { alertFor, useEmailService } from './useEmailService';

/** EmailRecover: a new device; the recovery password unlocks the key's third share, then the wallet connects. */
export default function EmailRecoverView(_props: ViewProps) {
  const portico = usePortico('EmailRecoverView');
  const p = usePluginT(messages);
  const service = useEmailService('EmailRecoverView');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(service ? undefined : p('email.loadFailed'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!service || password.length === 0) return;
    setBusy(true);
    setError(undefined);
    try {
      await service.recoverWithPassword(password);
      await portico.connect(EMAIL_CONNECTOR_ID);
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) portico.kernel.alerts.raise(alert);
      setError(describeEmailError(failure, p));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pt-stack" noValidate onSubmit={(event) => void submit(event)} data-testid="email-recover">
      <p className="pt-muted" style={{ margin: 0 }}>
        {p('email.recovery.body')}
      </p>
      <TextField
        label={p('email.recovery.label')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={error}
        autoFocus
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" block loading={busy} disabled={!service}>
        {p('email.continue')}
      </Button>
    </form>
  );
}
