import { ErrorBanner, useObservable, usePortico, usePluginT, type ViewProps } from '@portico/react';
import { AlertBanner, Button, CopyIcon, QrCode, Spinner } from '@portico/ui';
import { useEffect, useRef, useState } from 'react';
import { walletConnectServiceRef, type PairingState } from '../api';
import { walletDeepLink } from '../services/deepLinks';
import { messages } from './messages';

const IDLE: PairingState = { status: 'idle' };
const noStore = { getSnapshot: () => IDLE, subscribe: () => () => undefined };

/**
 * The WalletConnect QR view: the pairing URI as a QR code for a phone's wallet to scan, a copy
 * button for desktop wallets, a spinner until the wallet approves, and the error with a retry.
 * A new URI replaces the old one when the pairing nears its 4-minute end.
 */
const isMobile = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 768px)').matches;

/** How long the page waits, after opening a wallet app, before deciding the app is not installed. */
export const APP_OPEN_TIMEOUT_MS = 2_500;

/** The store page for this phone: the App Store on iOS, Google Play otherwise. */
function storeLink(links: { appStore?: string | undefined; playStore?: string | undefined } | undefined): string | undefined {
  const ios = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);
  return ios ? (links?.appStore ?? links?.playStore) : (links?.playStore ?? links?.appStore);
}

/**
 * Opens a wallet app by its deep link and, when the page is still in front (not hidden, never
 * blurred — an OS "Open in app?" prompt blurs it) after APP_OPEN_TIMEOUT_MS, treats the app as
 * missing and sends the user to its store page. Returns a function that stops watching.
 */
function openAppOrStore(deepLink: string, store: string | undefined, onMissing: () => void): () => void {
  let left = false;
  const leave = () => (left = true);
  const hidden = () => document.visibilityState === 'hidden' && leave();
  window.addEventListener('blur', leave);
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', hidden);
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('blur', leave);
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', hidden);
  };
  const timer = setTimeout(() => {
    stop();
    if (left || document.visibilityState === 'hidden') return;
    onMissing();
    if (store) window.location.assign(store);
  }, APP_OPEN_TIMEOUT_MS);
  window.location.assign(deepLink);
  return stop;
}

export default function ConnectingWalletConnectView({ params }: ViewProps) {
  const portico = usePortico('ConnectingWalletConnectView');
  const t = usePluginT(messages);
  const service = portico.kernel.hasService(walletConnectServiceRef) ? portico.kernel.getService(walletConnectServiceRef) : undefined;
  const pairing = useObservable(service?.pairing ?? noStore);
  const attempt = useObservable(portico.connectAttempt);
  const connectors = useObservable(portico.kernel.connectors);
  const [copied, setCopied] = useState<string>();
  const [appMissing, setAppMissing] = useState(false);
  const stopWatching = useRef<() => void>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);
  // A directory wallet (featured, custom, All Wallets) the user picked: its name and deep links.
  const chosenId = (params as { connectorId?: unknown } | undefined)?.connectorId;
  const chosen = connectors.find((c) => c.id === chosenId && c.via);

  useEffect(() => {
    void service?.preload().catch(() => undefined);
  }, [service]);

  if (!service) return <AlertBanner severity="error" title={t('walletconnect.unavailable')} />;
  const failed = attempt?.status === 'failed' ? attempt.error : pairing.status === 'failed' ? pairing.error : undefined;
  const retry = () => void portico.connect(attempt?.connectorId ?? 'walletConnect').catch(() => undefined);
  const copy = async (uri: string) => {
    try {
      await navigator.clipboard.writeText(uri);
      setCopied(uri);
    } catch {
      setCopied(undefined);
    }
  };

  // The relay refused the app's project id (the connection marks its pairing so on every attempt):
  // trying again cannot help, and the modal's Invalid Project ID alert says what to fix.
  if (pairing.status === 'failed' && (pairing.error as { code?: unknown }).code === 'walletconnect/project-refused') {
    return (
      <div className="pt-center" data-testid="walletconnect-view" data-state="refused">
        <AlertBanner severity="error" title={t('walletconnect.unavailable')} />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="pt-center" data-testid="walletconnect-view">
        <ErrorBanner error={failed} title={t('connecting.failed')} />
        <Button onClick={retry}>{t('connecting.retry')}</Button>
      </div>
    );
  }
  if (pairing.status !== 'pairing') {
    return (
      <div className="pt-center" data-testid="walletconnect-view">
        <Spinner label={t('walletconnect.preparing')} />
      </div>
    );
  }
  const mobile = isMobile();
  const appLink = mobile ? chosen?.links?.mobile : chosen?.links?.desktop;
  const store = storeLink(chosen?.links);
  return (
    <div className="pt-center" data-testid="walletconnect-view">
      {chosen ? <p style={{ fontWeight: 600, margin: 0 }}>{t('connecting.continueIn', { name: chosen.name })}</p> : null}
      {chosen && appLink ? (
        // The URI exists before the click, so the app opens inside the user's gesture.
        <Button
          data-testid="walletconnect-open-app"
          data-href={walletDeepLink(appLink, pairing.uri)}
          onClick={() => {
            stopWatching.current?.();
            setAppMissing(false);
            // On a phone, an app that does not open means it is not installed: its store page follows.
            stopWatching.current = openAppOrStore(walletDeepLink(appLink, pairing.uri), mobile ? store : undefined, () => setAppMissing(mobile));
          }}
        >
          {t('walletconnect.openApp', { name: chosen.name })}
        </Button>
      ) : null}
      {chosen && mobile && store ? (
        <p className="pt-muted" data-testid="walletconnect-get-app-row">
          {appMissing ? t('walletconnect.appMissing', { name: chosen.name }) + ' ' : t('walletconnect.dontHave', { name: chosen.name }) + ' '}
          <a className="pt-link" href={store} target="_blank" rel="noopener noreferrer" data-testid="walletconnect-get-app">
            {t('walletconnect.getApp', { name: chosen.name })}
          </a>
        </p>
      ) : null}
      {chosen?.links?.web ? (
        <Button variant="secondary" data-testid="walletconnect-open-web" onClick={() => window.open(walletDeepLink(chosen.links!.web!, pairing.uri), '_blank', 'noopener,noreferrer')}>
          {t('walletconnect.openWeb')}
        </Button>
      ) : null}
      <QrCode value={pairing.uri} label={t('walletconnect.qrLabel')} />
      {/* On a phone the app link is the way; the QR code is for a wallet on another device. */}
      <p className="pt-muted" data-testid="walletconnect-scan-hint">{t(mobile ? 'walletconnect.scanFromOther' : 'walletconnect.scan')}</p>
      <Button variant="secondary" icon={<CopyIcon />} onClick={() => void copy(pairing.uri)} data-testid="walletconnect-copy" data-uri={pairing.uri}>
        {copied === pairing.uri ? t('walletconnect.copied') : t('walletconnect.copy')}
      </Button>
      <span role="status" className="pt-visually-hidden">
        {copied === pairing.uri ? t('walletconnect.copied') : ''}
      </span>
    </div>
  );
}
