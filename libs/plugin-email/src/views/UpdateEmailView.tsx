import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button, TextField } from '@portico/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN, EMAIL_VIEWS } from '../api';
import { messages } from '../messages';
import { describeEmailError } from './describeEmailError';
import { alertFor, useEmailService } from './useEmailService';

/** UpdateEmail: the logged-in address and a new one; a passcode goes to the current address first (spec §4). */
export default function UpdateEmailView(_props: ViewProps) {
  const { kernel } = usePortico('UpdateEmailView');
  const p = usePluginT(messages);
  const service = useEmailService('UpdateEmailView');
  const [current, setCurrent] = useState<string>();
  const [recovery, setRecovery] = useState<boolean>();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(service ? undefined : p('email.loadFailed'));

  useEffect(() => {
    let live = true;
    service?.currentEmail().then(
      (address) => live && setCurrent(address),
      (failure: unknown) => live && setError(describeEmailError(failure, p)),
    );
    service?.hasRecoveryPassword().then(
      (set) => live && setRecovery(set),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [service, p]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return setError(p('email.invalid'));
    if (current && address.toLowerCase() === current.toLowerCase()) return setError(p('email.update.same'));
    if (!service) return;
    setBusy(true);
    setError(undefined);
    try {
      await service.updateEmail(address);
      kernel.router.push(EMAIL_VIEWS.updatePrimary, { email: current, newEmail: address });
    } catch (failure) {
      const alert = alertFor(failure);
      if (alert) kernel.alerts.raise(alert);
      setError(describeEmailError(failure, p));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pt-stack">
      <form className="pt-stack" noValidate onSubmit={(event) => void submit(event)} data-testid="email-update">
        <p className="pt-muted" style={{ margin: 0 }} data-testid="email-update-current">
          {current ? p('email.update.current', { email: current }) : '…'}
        </p>
        <TextField
          label={p('email.update.newLabel')}
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
      {/* The key's third share: without a recovery password, the wallet lives only on its devices. */}
      <div className="pt-stack" data-testid="email-recovery-status" data-set={recovery === undefined ? undefined : String(recovery)}>
        <p className="pt-muted" style={{ margin: 0 }}>
          {recovery === undefined ? '…' : p(recovery ? 'email.recovery.isSet' : 'email.recovery.notSet')}
        </p>
        {recovery === false ? (
          <Button variant="secondary" block onClick={() => kernel.router.push(EMAIL_VIEWS.recoveryPassword)}>
            {p('email.recovery.set')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
