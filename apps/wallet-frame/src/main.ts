// The wallet frame's page: read the configuration its server wrote and the host's query, check
// who the host is, serve the frame protocol to it, and say READY.
import { createFrameServer } from '@portico/frame-protocol';
import { CONFIG_META, frameConfigSchema, frameQuerySchema } from './frame/config';
import { createFrameWallet } from './frame/createFrameWallet';

/** The page that embeds the frame: Chromium's ancestorOrigins, else the referrer's origin. */
function hostOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors.item(0) ?? undefined;
  return document.referrer && URL.canParse(document.referrer) ? new URL(document.referrer).origin : undefined;
}

const status = document.getElementById('status')!;
const config = frameConfigSchema.safeParse(JSON.parse(document.querySelector(`meta[name="${CONFIG_META}"]`)?.getAttribute('content') ?? 'null'));
const query = frameQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(location.search)));
const host = window.parent !== window ? hostOrigin() : undefined;
if (!config.success || !query.success || !host) {
  status.textContent = !host ? 'This page only works inside the app that embeds it.' : 'The wallet frame is misconfigured.';
} else {
  const log = query.data.enableLogger ? (message: string) => console.warn(`[portico wallet frame] ${message}`) : () => undefined;
  const wallet = createFrameWallet({ config: config.data, query: query.data, hostOrigin: host, storage: localStorage, reload: () => location.reload() });
  const server = createFrameServer({ listenOn: window, parent: () => window.parent, isAllowedOrigin: (origin) => origin === host, handlers: wallet.handlers, onIgnored: log });
  status.textContent = 'Ready';
  server.announceReady(host);
}
