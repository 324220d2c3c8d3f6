// The wallet frame's page: read the configuration its server wrote and the host's query, check
// who the host is, serve the frame protocol to it, show its own approval screen, and say READY.
import { chainEip155Manifest } from '@portico/chain-eip155';
import { chainSolanaManifest } from '@portico/chain-solana';
import { createFrameServer } from '@portico/frame-protocol';
import type { ApprovalReader } from '@portico/kernel';
import { smartSessionsManifest } from '@portico/plugin-smart-sessions';
import { approvalStyles, porticoStyles } from '@portico/ui';
import { createApprovals } from './frame/approvals';
import { createApprovalScreen } from './frame/approvalScreen';
import { CONFIG_META, frameConfigSchema, frameQuerySchema } from './frame/config';
import { createFrameWallet } from './frame/createFrameWallet';
import { createApprovalDecoding } from './frame/decodeApproval';
import { estimateFee } from './frame/estimateFee';
import { FRAME_STYLES } from './frame/frameStyles';

/** The page that embeds the frame: Chromium's ancestorOrigins, else the referrer's origin. */
function hostOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors.item(0) ?? undefined;
  return document.referrer && URL.canParse(document.referrer) ? new URL(document.referrer).origin : undefined;
}

/** How each method reads on the approval screen: the chain plugins' own rules, as the modal has them. */
function readers(): Map<string, ApprovalReader> {
  const found = new Map<string, ApprovalReader>();
  for (const manifest of [chainEip155Manifest, chainSolanaManifest, smartSessionsManifest]) {
    for (const policy of manifest.contributes?.rpcPolicies ?? []) for (const [method, reader] of Object.entries(policy.read ?? {})) found.set(`${policy.namespace}|${method}`, reader);
  }
  return found;
}

// The modal's stylesheet and the frame's own, adopted (no inline styles: the CSP allows none).
const sheet = new CSSStyleSheet();
sheet.replaceSync(`${porticoStyles}\n${approvalStyles}\n${FRAME_STYLES}`);
document.adoptedStyleSheets = [sheet];

const status = document.getElementById('status')!;
const config = frameConfigSchema.safeParse(JSON.parse(document.querySelector(`meta[name="${CONFIG_META}"]`)?.getAttribute('content') ?? 'null'));
const query = frameQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(location.search)));
const host = window.parent !== window ? hostOrigin() : undefined;
if (!config.success || !query.success || !host) {
  status.textContent = !host ? 'This page only works inside the app that embeds it.' : 'The wallet frame is misconfigured.';
} else {
  const log = query.data.enableLogger ? (message: string) => console.warn(`[portico wallet frame] ${message}`) : () => undefined;
  // The screen hears the queue's changes; it is made below, with the server it reports through.
  const screenOf: { current?: ReturnType<typeof createApprovalScreen> } = {};
  const approvals = createApprovals({ onChange: (queue) => screenOf.current?.update(queue) });
  const wallet = createFrameWallet({ config: config.data, query: query.data, hostOrigin: host, storage: localStorage, approvals, reload: () => location.reload() });
  const server = createFrameServer({
    listenOn: window,
    parent: () => window.parent,
    isAllowedOrigin: (origin) => origin === host,
    handlers: { ...wallet.handlers, SYNC_THEME: (appearance) => screen.sync(appearance) },
    onIgnored: log,
  });
  const screen = createApprovalScreen({
    root: document.getElementById('approval')!,
    approvals,
    hostOrigin: host,
    networks: Object.entries(config.data.networks).map(([caipNetworkId, n]) => ({ caipNetworkId, name: n.name, nativeCurrency: { symbol: n.symbol, decimals: n.decimals } })),
    readers: readers(),
    emit: (name, payload) => server.emit(name, payload, host),
    estimateFee: (request) => estimateFee(request, { rpcUrls: config.data.rpcUrls, networks: config.data.networks, from: wallet.address }),
    decode: createApprovalDecoding(config.data, { eip155: wallet.address, solana: wallet.solanaAddress }),
  });
  screenOf.current = screen;
  status.textContent = 'Ready';
  server.announceReady(host);
}
