import { usePluginT, usePortico } from '@portico/react';
import { AlertBanner, Button } from '@portico/ui';
import { messages } from '../messages';

/**
 * Why a social sign-in stopped (the phase, for the tests), with the service's own reason when
 * it could not start, a button to try again (its label) and one back to the sign-in options.
 */
export function SocialProblem(props: { phase: string; title: string; text: string; warning?: boolean; reason?: string; retry: string; onRetry: () => void }) {
  const { kernel } = usePortico('SocialConnectingView');
  const p = usePluginT(messages);
  return (
    <div className="pt-stack" data-testid="social-connecting" data-phase={props.phase}>
      <AlertBanner severity={props.warning ? 'warning' : 'error'} title={props.title}>
        {props.text}
      </AlertBanner>
      {/* What the service said, for whoever sets the app up. */}
      {props.reason !== undefined ? (
        <p className="pt-muted" style={{ margin: 0 }} data-testid="social-init-reason">
          {props.reason}
        </p>
      ) : null}
      <Button block onClick={props.onRetry}>
        {props.retry}
      </Button>
      <Button variant="secondary" block onClick={() => kernel.router.reset()}>
        {p('social.back')}
      </Button>
    </div>
  );
}
