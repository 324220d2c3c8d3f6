import { activeEmailService, EMAIL_CONNECTOR_ID, EMAIL_VIEWS } from '@portico/plugin-email/api';
import { useCopy, usePluginT, usePortico } from '@portico/react';
import { AlertBanner, Button, CopyIcon, QrCode, Spinner } from '@portico/ui';
import { useEffect, useState } from 'react';
import { messages } from '../messages';
import { SocialProblem } from './SocialProblem';

type Phase =
  | { kind: 'starting' }
  | { kind: 'qr'; uri: string }
  | { kind: 'expired' }
  | { kind: 'failed'; reason: string }
  | { kind: 'initFailed'; reason: string }
  | { kind: 'noWallet' }
  | { kind: 'unavailable' };

const LABEL = 'Farcaster';

/**
 * Sign In With Farcaster: the wallet frame asks the auth service for a relay channel, its URL is
 * shown as a QR code (with a link that opens the Farcaster app on this device, and a copy
 * button), and the frame waits for the Farcaster app's answer, which the service verifies. The
 * wait is the spec's step timeout (30 s): after it the socials-timeout alert is raised and a new
 * QR code can be had. Then, as after any social login, the e-mail wallet's AUTH connector.
 */
export function FarcasterConnecting() {
  const portico = usePortico('SocialConnectingView');
  const { kernel } = portico;
  const p = usePluginT(messages);
  const { copied, copy } = useCopy();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const run = async () => {
      // The e-mail wallet's code loads with its first use.
      const service = await activeEmailService(kernel);
      if (controller.signal.aborted) return;
      if (!service) return setPhase({ kind: 'unavailable' });
      let uri: string;
      try {
        uri = await service.socialRedirectUri('farcaster');
      } catch (error) {
        if (controller.signal.aborted) return;
        if ((error as { name?: string }).name === 'EmailStepTimeoutError') kernel.alerts.raise('socials-timeout');
        // As for the other providers: any half-made connection of the e-mail wallet is ended.
        const eip155 = kernel.connection.get('eip155');
        if (eip155.connectorId === EMAIL_CONNECTOR_ID && eip155.status === 'connecting') await portico.disconnect('eip155').catch(() => undefined);
        return setPhase({ kind: 'initFailed', reason: (error as { message?: string }).message ?? String(error) });
      }
      if (controller.signal.aborted) return;
      setPhase({ kind: 'qr', uri });
      try {
        const recovery = await service.connectFarcaster(controller.signal);
        if (controller.signal.aborted) return;
        if (recovery === 'password') return void kernel.router.push(EMAIL_VIEWS.recover);
        if (recovery === 'unavailable') return setPhase({ kind: 'noWallet' });
        await portico.connect(EMAIL_CONNECTOR_ID);
      } catch (error) {
        if (controller.signal.aborted) return;
        const { name, message } = error as { name?: string; message?: string };
        if (name === 'EmailStepTimeoutError') {
          kernel.alerts.raise('socials-timeout');
          return setPhase({ kind: 'expired' });
        }
        setPhase({ kind: 'failed', reason: message ?? String(error) });
      }
    };
    void run();
    return () => controller.abort();
  }, [kernel, portico, attempt]);

  const again = () => {
    setPhase({ kind: 'starting' });
    setAttempt((n) => n + 1);
  };
  if (phase.kind === 'unavailable') return <AlertBanner severity="error" title={LABEL}>{p('social.unavailable')}</AlertBanner>;
  if (phase.kind === 'starting') {
    return (
      <div className="pt-stack pt-center" data-testid="social-connecting" data-phase="opening">
        <Spinner label={p('social.opening', { provider: LABEL })} />
      </div>
    );
  }
  if (phase.kind === 'qr') {
    return (
      <div className="pt-stack pt-center" data-testid="social-connecting" data-phase="qr">
        <QrCode value={phase.uri} label={p('farcaster.qrLabel')} />
        <p className="pt-muted" role="status" style={{ margin: 0, textAlign: 'center' }}>
          {p('farcaster.scan')}
        </p>
        {/* The Farcaster app on this device: the channel's URL opens it (a universal link on a phone). */}
        <a className="pt-btn pt-btn-secondary" href={phase.uri} target="_blank" rel="noopener noreferrer" data-testid="farcaster-open" style={{ textDecoration: 'none' }}>
          {p('farcaster.open')}
        </a>
        <Button variant="secondary" icon={<CopyIcon />} onClick={() => copy(phase.uri)} data-testid="farcaster-copy">
          {copied ? p('farcaster.copied') : p('farcaster.copy')}
        </Button>
        <span role="status" className="pt-visually-hidden">
          {copied ? p('farcaster.copied') : ''}
        </span>
      </div>
    );
  }
  const text =
    phase.kind === 'expired'
      ? p('farcaster.expired')
      : phase.kind === 'noWallet'
        ? p('social.noWallet')
        : phase.kind === 'initFailed'
          ? p('social.initFailed')
          : p('social.failed', { provider: LABEL, reason: phase.reason });
  return (
    <SocialProblem
      phase={phase.kind}
      title={LABEL}
      text={text}
      warning={phase.kind === 'expired'}
      {...(phase.kind === 'initFailed' ? { reason: phase.reason } : {})}
      retry={phase.kind === 'expired' ? p('farcaster.getNew') : p('social.retry')}
      onRetry={again}
    />
  );
}
