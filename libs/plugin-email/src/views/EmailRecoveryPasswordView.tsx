import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button, TextField } from '@portico/ui';
import { useState, type FormEvent } from 'react';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { alertFor, useEmailService } from './useEmailService';

/** The shortest recovery password (the frame protocol refuses shorter ones too). */
const MIN_LENGTH = 10;

/** EmailRecoveryPassword: sets the recovery password, with which a new device can open the wallet. */
export default function EmailRecoveryPasswordView(_props: ViewProps) {
  const { kernel } = usePortico('EmailRecoveryPasswordView');
  const p = usePluginT(messages);
  const service = useEmailService('EmailRecoveryPasswordView');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'repeat'; text: string } | undefined>(service ? undefined : { field: 'password', text: p('email.loadFailed') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError({ field: 'password', text: p('email.recovery.tooShort') });
    if (password !== repeat) return setError({ field: 'repeat', text: p('email.recovery.mismatch') });
    if (!service) return;
    setBusy(true);
    setError(undefined);
    try {
      await service.setRecoveryPassword(password);
      setSaved(true);
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) kernel.alerts.raise(alert);
      setError({ field: 'password', text: describeEmailError(failure, p) });
    } finally {
      setBusy(false);
    }
  };

  if (saved) {
    return (
      <div className="pt-stack pt-center" data-testid="email-recovery-saved">
        <p role="status" style={{ margin: 0 }}>
          {p('email.recovery.saved')}
        </p>
        <Button block onClick={() => kernel.router.reset('Account')}>
          {p('email.update.back')}
        </Button>
      </div>
    );
  }
  return (
    <form className="pt-stack" noValidate onSubmit={(event) => void submit(event)} data-testid="email-recovery-password">
      <p className="pt-muted" style={{ margin: 0 }}>
        {p('email.recovery.setBody')}
      </p>
      <TextField
        label={p('email.recovery.label')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        error={error?.field === 'password' ? error.text : undefined}
        autoFocus
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={p('email.recovery.confirm')}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        error={error?.field === 'repeat' ? error.text : undefined}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Button type="submit" block loading={busy} disabled={!service}>
        {p('email.recovery.set')}
      </Button>
    </form>
  );
}
