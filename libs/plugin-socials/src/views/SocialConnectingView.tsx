import { activeEmailService, EMAIL_CONNECTOR_ID, EMAIL_VIEWS, hasEmailPlugin, type SocialProviderId } from '@portico/plugin-email/api';
import { usePluginT, usePortico, type ViewProps } from '@portico/react';
import { AlertBanner, Spinner } from '@portico/ui';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../messages';
import { FarcasterConnecting } from './FarcasterConnecting';
import { SocialProblem } from './SocialProblem';

/** The popup's size, as the providers' own sign-in pages expect. */
const POPUP_FEATURES = 'popup,width=500,height=640';
/** A popup closed this soon after the provider answered may still have posted its answer: it is given this long. */
const CLOSED_GRACE_MS = 1500;

type Phase = { kind: 'opening' } | { kind: 'waiting' } | { kind: 'blocked' } | { kind: 'closed' } | { kind: 'noWallet' } | { kind: 'failed'; reason: string } | { kind: 'initFailed'; reason: string } | { kind: 'unavailable' };

class PopupClosedError extends Error {
  override name = 'PopupClosedError';
}

/** The tag of the message the sign-in service's callback page posts to this page (see the auth service's README). */
const CALLBACK_PROTOCOL = 'portico-social/1';

/**
 * The provider's answer, as the callback page in `popup` hands it to this page: only a message
 * from that window, at the origin of the callback address the authorization URL names, with the
 * protocol's tag. The wallet frame checks it again (its own flow's state and address) and
 * completes the sign-in with a verifier only it holds.
 */
function callbackFrom(popup: Window, authorizationUri: string, signal: AbortSignal): Promise<string> {
  const redirect = new URL(authorizationUri).searchParams.get('redirect_uri');
  const origin = redirect && URL.canParse(redirect) ? new URL(redirect).origin : undefined;
  return new Promise((resolve, reject) => {
    if (!origin) return reject(new Error('The sign-in address names no callback'));
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== origin) return;
      const data = event.data as { protocol?: unknown; kind?: unknown; uri?: unknown } | null;
      if (data?.protocol !== CALLBACK_PROTOCOL || data.kind !== 'callback' || typeof data.uri !== 'string' || data.uri.length > 4096) return;
      done();
      resolve(data.uri);
    };
    const onAbort = () => (done(), reject(signal.reason));
    const done = () => {
      window.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
    };
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * SocialConnecting: the provider's sign-in, in a popup (OAuth 2.0 / OpenID providers) or, for
 * Farcaster, by the QR code the Farcaster app scans (see FarcasterConnecting).
 */
export default function SocialConnectingView(props: ViewProps) {
  const provider = ((props.params as { option?: string } | undefined)?.option ?? 'google') as SocialProviderId;
  return provider === 'farcaster' ? <FarcasterConnecting /> : <PopupConnecting provider={provider} />;
}

/**
 * Opens the provider's sign-in in a popup (on the click that led here, so the browser allows
 * it), waits for the callback page there to hand over the provider's answer, gives it to the
 * wallet frame, which finishes the sign-in, then connects the e-mail wallet's AUTH connector. A
 * blocked popup offers a button (a new click), a popup closed before signing in says so, a
 * failure shows the service's reason; each leads back to Connect.
 */
function PopupConnecting({ provider }: { provider: SocialProviderId }) {
  const portico = usePortico('SocialConnectingView');
  const { kernel } = portico;
  const p = usePluginT(messages);
  const label = kernel.contributions.list('socialProviders').find((x) => x.id === provider)?.label ?? provider;
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const run = async () => {
      if (!hasEmailPlugin(kernel)) return setPhase({ kind: 'unavailable' });
      // Opened now, while the click's activation lasts; sent to the provider once the URL is known.
      const win = popup.current && !popup.current.closed ? popup.current : window.open('', `portico-social-${provider}`, POPUP_FEATURES);
      // The e-mail wallet's code loads with its first use.
      const service = await activeEmailService(kernel);
      if (controller.signal.aborted) return void win?.close();
      if (!service) {
        win?.close();
        return setPhase({ kind: 'unavailable' });
      }
      if (!win) return setPhase({ kind: 'blocked' });
      popup.current = win;
      let uri: string;
      try {
        uri = await service.socialRedirectUri(provider);
      } catch (error) {
        // The sign-in could not even start (the service or the provider unreachable, not set up):
        // the spec's words, and any half-made connection of the e-mail wallet is ended.
        if (controller.signal.aborted) return;
        win.close();
        if ((error as { name?: string }).name === 'EmailStepTimeoutError') kernel.alerts.raise('socials-timeout');
        // Only a connection of the e-mail wallet still being made, not a login that works.
        const eip155 = kernel.connection.get('eip155');
        if (eip155.connectorId === EMAIL_CONNECTOR_ID && eip155.status === 'connecting') await portico.disconnect('eip155').catch(() => undefined);
        return setPhase({ kind: 'initFailed', reason: (error as { message?: string }).message ?? String(error) });
      }
      try {
        if (controller.signal.aborted) return;
        win.location.href = uri;
        setPhase({ kind: 'waiting' });
        const answered = new AbortController();
        const watch = setInterval(() => {
          if (win.closed) setTimeout(() => !answered.signal.aborted && controller.abort(new PopupClosedError()), CLOSED_GRACE_MS);
        }, 300);
        let recovery: Awaited<ReturnType<typeof service.connectSocial>>;
        try {
          const callback = await callbackFrom(win, uri, controller.signal);
          // From here the popup may close: the frame has what it needs.
          answered.abort();
          clearInterval(watch);
          recovery = await service.connectSocial(callback, controller.signal);
        } finally {
          clearInterval(watch);
        }
        win.close();
        if (recovery === 'password') return void kernel.router.push(EMAIL_VIEWS.recover);
        if (recovery === 'unavailable') return setPhase({ kind: 'noWallet' });
        await portico.connect(EMAIL_CONNECTOR_ID);
      } catch (error) {
        win.close();
        if (controller.signal.reason instanceof PopupClosedError) return setPhase({ kind: 'closed' });
        if (controller.signal.aborted) return;
        const { name, message } = error as { name?: string; message?: string };
        if (name === 'EmailStepTimeoutError') kernel.alerts.raise('socials-timeout');
        setPhase({ kind: 'failed', reason: message ?? String(error) });
      }
    };
    void run();
    return () => controller.abort();
  }, [kernel, portico, provider, label, p, attempt]);

  // Leaving the view (Back, close) while the popup is open closes it; not a remount of the same
  // view (React's StrictMode runs effects twice in development): that keeps the window it opened.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) popup.current?.close();
      }, 0);
    };
  }, []);

  const again = () => {
    setPhase({ kind: 'opening' });
    setAttempt((n) => n + 1);
  };

  if (phase.kind === 'unavailable') return <AlertBanner severity="error" title={label}>{p('social.unavailable')}</AlertBanner>;
  if (phase.kind === 'blocked' || phase.kind === 'closed' || phase.kind === 'noWallet' || phase.kind === 'failed' || phase.kind === 'initFailed') {
    const text =
      phase.kind === 'blocked'
        ? p('social.blocked', { provider: label })
        : phase.kind === 'closed'
          ? p('social.closed', { provider: label })
          : phase.kind === 'noWallet'
            ? p('social.noWallet')
            : phase.kind === 'initFailed'
              ? p('social.initFailed')
              : p('social.failed', { provider: label, reason: phase.reason });
    return (
      <SocialProblem
        phase={phase.kind}
        title={label}
        text={text}
        warning={phase.kind === 'blocked' || phase.kind === 'closed'}
        {...(phase.kind === 'initFailed' ? { reason: phase.reason } : {})}
        retry={phase.kind === 'blocked' ? p('social.open', { provider: label }) : p('social.retry')}
        onRetry={again}
      />
    );
  }
  return (
    <div className="pt-stack pt-center" data-testid="social-connecting" data-phase={phase.kind}>
      <Spinner label={phase.kind === 'opening' ? p('social.opening', { provider: label }) : p('social.continueIn', { provider: label })} />
      <p className="pt-muted" role="status" style={{ margin: 0, textAlign: 'center' }}>
        {phase.kind === 'opening' ? p('social.opening', { provider: label }) : p('social.waiting', { provider: label })}
      </p>
    </div>
  );
}
