import { usePluginT } from '@portico/react';
import { AlertBanner, Button, OtpInput, Spinner } from '@portico/ui';
import { messages } from '../messages';

/**
 * A passcode step (the login's, the e-mail change's two): what was sent where, the six boxes
 * (the code is sent as soon as six digits are in), the spinner while it is checked, the error,
 * a status line and "Send a new code".
 */
export function OtpStep(props: { testId: string; body: string; code: string; busy: boolean; error: string | undefined; notice: string | undefined; onCode: (value: string) => void; onSubmit: (code: string) => void; onResend: () => void }) {
  const p = usePluginT(messages);
  return (
    <div className="pt-stack pt-center" data-testid={props.testId}>
      <h2 className="pt-heading">{p('email.otp.heading')}</h2>
      <p className="pt-muted" style={{ margin: 0, textAlign: 'center' }}>
        {props.body}
      </p>
      <OtpInput label={p('email.otp.label')} value={props.code} disabled={props.busy} onChange={(value) => {
          props.onCode(value);
          // Six digits typed or pasted: sent at once.
          if (value.length === 6) props.onSubmit(value);
        }}
      />
      {props.busy ? <Spinner label={p('email.loading')} /> : null}
      {props.error ? (
        <AlertBanner severity="error" title={p('email.failed')}>
          {props.error}
        </AlertBanner>
      ) : null}
      <div role="status" className="pt-muted">
        {props.notice ?? ''}
      </div>
      <Button variant="ghost" disabled={props.busy} onClick={props.onResend}>
        {p('email.otp.resend')}
      </Button>
    </div>
  );
}
