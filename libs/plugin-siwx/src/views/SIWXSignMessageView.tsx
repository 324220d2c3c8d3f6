import { describeError, usePluginT, type ViewProps } from '@portico/react';
import { AlertBanner, Button, Spinner } from '@portico/ui';
import { SIWX_MESSAGES } from '../siwxErrors';
import { messages } from './messages';
import { useSiwxService } from './useSiwxService';

/** The catalogue key of one of the spec's sign-in errors (the flow keeps its English text). */
const errorKey = (error: string) => {
  const id = (Object.keys(SIWX_MESSAGES) as (keyof typeof SIWX_MESSAGES)[]).find((k) => SIWX_MESSAGES[k] === error);
  return id && id !== 'authenticating' ? (`siwx.error.${id}` as const) : undefined;
};

/**
 * SIWXSignMessage: the sign-in message (as text) with Sign and Cancel; `Authenticating...`
 * while the message is prepared or the wallet and verifiers answer; after a failure, the
 * spec's message with what went wrong in the user's words (cleared when the user signs again).
 */
export default function SIWXSignMessageView(_props: ViewProps) {
  const t = usePluginT(messages);
  const { service, state } = useSiwxService();
  const authenticating = t('siwx.authenticating');
  const failure = state.status === 'error' && state.error ? errorKey(state.error) : undefined;
  const busy = state.status === 'signing' || (state.message === undefined && state.status !== 'error');
  const ignore = () => undefined;
  return (
    <div className="pt-stack" data-testid="siwx-sign-message">
      <p>{t('siwx.intro')}</p>
      {state.status === 'error' && state.error ? (
        <AlertBanner severity="error" title={failure ? t(failure) : describeError(state.cause, t).title}>
          {state.cause !== undefined ? describeError(state.cause, t).message : null}
        </AlertBanner>
      ) : null}
      {state.message !== undefined ? (
        <pre className="pt-code" tabIndex={0} data-testid="siwx-message">
          {state.message}
        </pre>
      ) : null}
      {busy ? (
        <div className="pt-row">
          <Spinner size={18} label="" />
          <span role="status">{authenticating}</span>
        </div>
      ) : null}
      <div className="pt-row">
        <Button variant="secondary" block disabled={state.status === 'signing'} onClick={() => void service.cancel().catch(ignore)}>
          {t('siwx.cancel')}
        </Button>
        <Button block loading={state.status === 'signing'} disabled={state.message === undefined} onClick={() => void service.signIn().catch(ignore)}>
          {t('siwx.sign')}
        </Button>
      </div>
    </div>
  );
}
