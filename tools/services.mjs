// Local services shared by `npm start` and the browser tests, each started on 127.0.0.1
// and stopped by PID (its process group).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { listPid, ROOT } from './workspace.mjs';

/**
 * Runs a TypeScript service under tsx in its own process group and resolves once it prints
 * `<name> listening on http://127.0.0.1:PORT` (or `ws://`); `stop()` ends the group by PID.
 */
function startTsxService({ name, cwd, script, env }) {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', join(ROOT, 'tsconfig.base.json'), script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // Listed until it exits: `npm test` stops what a failing suite left running (tools/workspace.mjs).
  child.once('exit', listPid(child.pid, name, { group: true }));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM to its group; one that has not exited 10 s later is killed (a stop that hangs never holds a teardown).
  const stop = async () => {
    const signal = (which) => {
      try {
        process.kill(-child.pid, which);
      } catch {
        // Already gone.
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => {
      console.warn(`${name} did not exit within 10 s of SIGTERM: killed`);
      signal('SIGKILL');
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`${name} did not start within 30 s`))), 30_000);
    let output = '';
    let started = false;
    const pattern = new RegExp(`${name} listening on ((?:http|ws)://127\\.0\\.0\\.1:\\d+)`);
    child.stdout.on('data', (chunk) => {
      // Once it listens, its output (a JSON log line per request) is read and dropped: kept, it would grow for as long as the service runs.
      if (started) return;
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({ url: match[1], pid: child.pid, stop, output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}`));
    });
  });
}

/**
 * Starts the reference Sign-in-with-X server (apps/siwx-server) on a free port, allowing
 * `allowedOrigins` by CORS, binding sessions to `domain` (required: the site's host as its
 * pages' `location.host`, e.g. `127.0.0.1:5173`), verifying each chain through
 * `rpcUrls[chainId]`; resolves once it prints its URL.
 */
export function startSiwxServer({ allowedOrigins = [], rpcUrls = {}, domain, databaseUrl, env = {} } = {}) {
  // The server refuses to start without one; say so here rather than after spawning it.
  if (!domain) return Promise.reject(new Error("startSiwxServer needs the site's domain, e.g. { domain: '127.0.0.1:5173' }: the sign-in server refuses to start without one"));
  return startTsxService({
    name: 'siwx-server',
    cwd: join(ROOT, 'apps/siwx-server'),
    script: 'src/main.ts',
    env: {
      SIWX_PORT: '0',
      SIWX_ALLOWED_ORIGINS: allowedOrigins.join(','),
      EIP155_RPC_URLS: Object.entries(rpcUrls).map(([id, url]) => `${id}=${url}`).join(','),
      // Sessions are bound to the site: a message signed for another domain is refused.
      SIWX_DOMAIN: domain,
      // PostgreSQL shared by several instances; without it, PGlite in memory.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
}

/** Starts the local Solana node (LiteSVM, JSON-RPC + WebSocket) with the test wallets funded. */
export function startSolanaNode({ allowedOrigins = [] } = {}) {
  return startTsxService({ name: 'solana-server', cwd: join(ROOT, 'libs/chain-solana'), script: 'src/testing/main.ts', env: { SOLANA_PORT: '0', SOLANA_ALLOWED_ORIGINS: allowedOrigins.join(',') } });
}

/** Starts the local Esplora API (regtest) with the test wallet funded. */
export function startEsplora({ allowedOrigins = [] } = {}) {
  return startTsxService({ name: 'esplora-server', cwd: join(ROOT, 'libs/chain-bip122'), script: 'src/testing/main.ts', env: { ESPLORA_PORT: '0', ESPLORA_ALLOWED_ORIGINS: allowedOrigins.join(',') } });
}

/**
 * Starts the local WalletConnect relay (apps/relay) on a free port, or on `port` (a test that
 * stops the relay starts it again where its clients reconnect). With `projectIds` it checks the
 * project id as the hosted relay does (strict mode): any other gets its socket closed with 3000.
 */
export function startRelay({ port, projectIds } = {}) {
  return startTsxService({
    name: 'relay',
    cwd: join(ROOT, 'apps/relay'),
    script: 'src/main.ts',
    env: { ...(port === undefined ? {} : { RELAY_PORT: String(port) }), ...(projectIds?.length ? { RELAY_PROJECT_IDS: projectIds.join(',') } : {}) },
  });
}

/**
 * Starts the local wallet registry (apps/wallet-registry, the explorer API's shape with 1,000+
 * generated wallets). With `projectIds` / `allowedOrigins` it checks the project and the page's
 * origin as the hosted API does (strict mode): anything else gets 403.
 */
export function startWalletRegistry({ projectIds, allowedOrigins } = {}) {
  return startTsxService({
    name: 'wallet registry',
    cwd: join(ROOT, 'apps/wallet-registry'),
    script: 'src/main.ts',
    env: { ...(projectIds?.length ? { REGISTRY_PROJECT_IDS: projectIds.join(',') } : {}), ...(allowedOrigins?.length ? { REGISTRY_ALLOWED_ORIGINS: allowedOrigins.join(',') } : {}) },
  });
}

/**
 * Starts the local indexer (apps/indexer) following the EVM node at `rpcUrl` (its new heads pushed
 * over `wsUrl` when given, e.g. anvil's `ws://` on the same port): the
 * Etherscan-compatible account API at `${url}/api`, CORS for `allowedOrigins`. `strict`: as
 * Etherscan API V2 (`${url}/v2/api` only, one of `apiKeys`, `chainid`, `rps` calls a second per key,
 * the free plan's refusal for `paidChains`).
 */
export function startIndexer({ rpcUrl, wsUrl, allowedOrigins = [], strict = false, apiKeys = [], rps, paidChains = [] }) {
  if (!rpcUrl) return Promise.reject(new Error('startIndexer needs the rpcUrl of the EVM node to follow'));
  if (strict && !apiKeys.length) return Promise.reject(new Error('startIndexer in strict mode needs apiKeys'));
  const strictEnv = strict ? { INDEXER_STRICT: '1', INDEXER_API_KEYS: apiKeys.join(','), INDEXER_PAID_CHAINS: paidChains.join(','), ...(rps === undefined ? {} : { INDEXER_RPS: String(rps) }) } : {};
  return startTsxService({ name: 'indexer', cwd: join(ROOT, 'apps/indexer'), script: 'src/main.ts', env: { INDEXER_RPC_URL: rpcUrl, ...(wsUrl ? { INDEXER_WS_URL: wsUrl } : {}), INDEXER_PORT: '0', INDEXER_ALLOWED_ORIGINS: allowedOrigins.join(','), ...strictEnv } });
}

/**
 * Starts the local swap aggregator (apps/swap-aggregator: the 1inch Swap API v6.0 over the
 * Uniswap V2 `router` and `weth` on the node at `rpcUrl`), CORS for `allowedOrigins`; requests
 * need `Authorization: Bearer <apiKey>` when one is given. `strict`: as the real API (no CORS, 429
 * past `rps` requests per second): a page then reaches it only through `startSwapProxy`.
 */
export function startSwapAggregator({ rpcUrl, router, weth, apiKey, allowedOrigins = [], strict = false, rps }) {
  if (!rpcUrl || !router || !weth) return Promise.reject(new Error('startSwapAggregator needs the rpcUrl of the EVM node and the Uniswap V2 router and weth on it'));
  return startTsxService({
    name: 'swap aggregator',
    cwd: join(ROOT, 'apps/swap-aggregator'),
    script: 'src/main.ts',
    env: { AGGREGATOR_RPC_URL: rpcUrl, AGGREGATOR_ROUTER: router, AGGREGATOR_WETH: weth, AGGREGATOR_PORT: '0', AGGREGATOR_ALLOWED_ORIGINS: allowedOrigins.join(','), ...(apiKey ? { AGGREGATOR_API_KEY: apiKey } : {}), ...(strict ? { AGGREGATOR_STRICT: '1' } : {}), ...(rps ? { AGGREGATOR_RPS: String(rps) } : {}) },
  });
}

/**
 * Starts the swap proxy (apps/swap-proxy) in front of a 1inch-compatible API at `upstream`: the
 * page's requests from `allowedOrigins`, forwarded with `apiKey` at `rps` requests per second.
 */
export function startSwapProxy({ upstream, apiKey, allowedOrigins, rps = 1 }) {
  if (!upstream || !apiKey || !allowedOrigins?.length) return Promise.reject(new Error('startSwapProxy needs the upstream URL, the API key and the allowed origins'));
  return startTsxService({
    name: 'swap proxy',
    cwd: join(ROOT, 'apps/swap-proxy'),
    script: 'src/main.ts',
    env: { SWAP_PROXY_UPSTREAM: upstream, SWAP_PROXY_API_KEY: apiKey, SWAP_PROXY_ALLOWED_ORIGINS: allowedOrigins.join(','), SWAP_PROXY_RPS: String(rps), SWAP_PROXY_PORT: '0' },
  });
}

/**
 * The keys of a local onramp set-up, made afresh: the site's CDP secret API key (its name, the
 * private half for the onramp server, the public half registered at the Coinbase stand-in) and its
 * Meld API and public keys.
 */
export function onrampKeys() {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    coinbase: { keyName: 'organizations/portico-local/apiKeys/onramp', publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }), privateKey: pair.privateKey.export({ type: 'sec1', format: 'pem' }) },
    meld: { apiKey: 'portico-local-meld-api-key:secret', publicKey: 'portico-local-meld-key' },
  };
}

/**
 * Starts the onramp providers' stand-in (apps/onramp-service: Coinbase Onramp's and Meld's APIs at
 * their real paths and in their real shapes, and both widgets, which credit the buyer on the node at
 * `rpcUrl`), registering `keys` (see `onrampKeys`).
 */
export function startOnrampService({ rpcUrl, keys }) {
  if (!rpcUrl || !keys) return Promise.reject(new Error('startOnrampService needs the rpcUrl of the EVM node it credits and the keys (onrampKeys())'));
  return startTsxService({
    name: 'onramp service',
    cwd: join(ROOT, 'apps/onramp-service'),
    script: 'src/main.ts',
    env: { ONRAMP_RPC_URL: rpcUrl, ONRAMP_PORT: '0', ONRAMP_COINBASE_KEY_NAME: keys.coinbase.keyName, ONRAMP_COINBASE_PUBLIC_KEY: keys.coinbase.publicKey, ONRAMP_MELD_API_KEY: keys.meld.apiKey, ONRAMP_MELD_PUBLIC_KEY: keys.meld.publicKey },
  });
}

/**
 * Starts the site's onramp server (apps/onramp-server) in front of the providers at `providersUrl`:
 * `/quotes` and `/coinbase/token` for the page at `allowedOrigins`, with `keys` (see `onrampKeys`).
 */
export function startOnrampServer({ providersUrl, keys, allowedOrigins }) {
  if (!providersUrl || !keys || !allowedOrigins?.length) return Promise.reject(new Error('startOnrampServer needs the providers\' URL, the keys and the allowed origins'));
  return startTsxService({
    name: 'onramp server',
    cwd: join(ROOT, 'apps/onramp-server'),
    script: 'src/main.ts',
    env: {
      ONRAMP_SERVER_ALLOWED_ORIGINS: allowedOrigins.join(','),
      ONRAMP_SERVER_PORT: '0',
      ONRAMP_SERVER_COINBASE_URL: providersUrl,
      ONRAMP_SERVER_COINBASE_KEY_NAME: keys.coinbase.keyName,
      ONRAMP_SERVER_COINBASE_PRIVATE_KEY: keys.coinbase.privateKey,
      ONRAMP_SERVER_MELD_URL: providersUrl,
      ONRAMP_SERVER_MELD_API_KEY: keys.meld.apiKey,
    },
  });
}

/**
 * Starts the SMTP catcher (apps/mail-catcher): `url` is its HTTP API (`GET /messages?to=…`,
 * `GET /messages/latest?to=…`), `smtpPort` where mail goes (127.0.0.1, no TLS).
 */
export async function startMailCatcher({ allowedOrigins = [] } = {}) {
  const service = await startTsxService({
    name: 'mail-catcher',
    cwd: join(ROOT, 'apps/mail-catcher'),
    script: 'src/main.ts',
    env: { MAIL_SMTP_PORT: '0', MAIL_HTTP_PORT: '0', MAIL_ALLOWED_ORIGINS: allowedOrigins.join(',') },
  });
  const smtpPort = Number(/mail-catcher smtp on smtp:\/\/127\.0\.0\.1:(\d+)/.exec(service.output)?.[1]);
  const { output: _output, ...rest } = service;
  return { ...rest, smtpPort };
}

/**
 * Starts the auth service (apps/auth-service) on a free port, mailing through the SMTP catcher
 * at `smtpPort`: PGlite in `dataDir` (default: the app's own `.data`), or PostgreSQL at
 * `databaseUrl`. `projects` maps project ids to the host origins each allows; `frameOrigins`
 * are the wallet frame's.
 */
export function startAuthService({ smtpPort, projects = {}, frameOrigins, dataDir, databaseUrl, cooldownMs, codeTtlMs, social, port = 0, mailPerClientPerMinute = 120, env = {} }) {
  return startTsxService({
    name: 'auth-service',
    cwd: join(ROOT, 'apps/auth-service'),
    script: 'src/main.ts',
    env: {
      AUTH_PORT: String(port),
      AUTH_SMTP_PORT: String(smtpPort),
      AUTH_FRAME_ORIGINS: frameOrigins.join(','),
      AUTH_PROJECTS: Object.entries(projects).map(([id, origins]) => `${id}=${origins.join('|')}`).join(','),
      ...(dataDir ? { AUTH_DATA_DIR: dataDir } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(cooldownMs !== undefined ? { AUTH_MAIL_COOLDOWN_MS: String(cooldownMs) } : {}),
      ...(codeTtlMs !== undefined ? { AUTH_CODE_TTL_MS: String(codeTtlMs) } : {}),
      // Every local browser, test and playground tab is one client here (127.0.0.1): the default 10 mails a minute would be the whole machine's.
      AUTH_MAIL_PER_CLIENT_PER_MINUTE: String(mailPerClientPerMinute),
      // Social login against the local OpenID stand-in (its issuers are http:).
      ...(social ? { AUTH_SOCIAL: JSON.stringify(social), AUTH_ALLOW_HTTP_ISSUERS: '1' } : {}),
      // Anything else (several instances share AUTH_JWT_SECRET, AUTH_PEPPER and AUTH_PUBLIC_URL).
      ...env,
    },
  });
}

/**
 * Starts the local OpenID stand-in (apps/oidc-provider) on a free port: `clients` per provider
 * (`{ google: [{ clientId, clientSecret, redirectUris }] }`); its issuers are `<url>/<provider>`.
 * `farcasterRpcUrl`: Farcaster too (its relay at `<url>/farcaster/relay`), with the ID registry on that chain.
 */
export function startOidcProvider({ clients, farcasterRpcUrl }) {
  return startTsxService({
    name: 'oidc-provider',
    cwd: join(ROOT, 'apps/oidc-provider'),
    script: 'src/main.ts',
    env: { OIDC_CLIENTS: JSON.stringify(clients), OIDC_PORT: '0', ...(farcasterRpcUrl ? { OIDC_FARCASTER_RPC_URL: farcasterRpcUrl } : {}) },
  });
}

/** The social providers the OpenID stand-in plays (apps/oidc-provider). */
const SOCIAL_STAND_INS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'];

/** A free TCP port on 127.0.0.1 (bound, read, released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The CAIP-2 id of the Solana node at `url`: `solana:` and the first 32 characters of its genesis hash (`getGenesisHash`). */
export async function solanaNetworkId(url) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] }) });
  const { result } = await response.json();
  if (typeof result !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(result)) throw new Error(`The Solana node at ${url} answered getGenesisHash with ${JSON.stringify(result)}`);
  return `solana:${result.slice(0, 32)}`;
}

/** Builds the wallet frame (apps/wallet-frame → dist) with Vite; throws on failure. */
export function buildWalletFrame() {
  viteBuild('apps/wallet-frame', 'the wallet frame');
}

/** Builds the playground (apps/playground → dist) with Vite, as the browser tests serve it; throws on failure. */
export function buildPlayground() {
  viteBuild('apps/playground', 'the playground');
}

function viteBuild(folder, what) {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: join(ROOT, folder), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} build failed (${result.status})`);
}

const pairs = (record) => Object.entries(record).map(([id, value]) => `${id}=${value}`).join(',');

/** The names the playground gives the local networks; any other EVM chain is named by its id. */
const LOCAL_EVM_NAMES = { 1: 'Ethereum (local)', 31337: 'Anvil', 31338: 'Anvil 2' };

/**
 * What the frame's approval screen says of each local network it has an RPC for (its name and
 * native currency): the playground's names, ETH on the EVM chains, SOL on Solana.
 */
export function localNetworkInfo(rpcUrls) {
  return Object.fromEntries(
    Object.keys(rpcUrls).flatMap((id) => {
      const [namespace, reference] = id.split(':');
      if (namespace === 'eip155') return [[id, { name: LOCAL_EVM_NAMES[reference] ?? `Chain ${reference}`, symbol: 'ETH', decimals: 18 }]];
      if (namespace === 'solana') return [[id, { name: 'Solana Local', symbol: 'SOL', decimals: 9 }]];
      return [];
    }),
  );
}

/**
 * Serves the built wallet frame on `port` (0: a free one), configured with the auth service, RPC
 * URLs, the EIP-7702 account implementation per network (`smartAccounts`) and what its approval
 * screen names each network (`networks`, default `localNetworkInfo(rpcUrls)`), embeddable by `ancestors`.
 */
export function startWalletFrame({ authUrl, ancestors, rpcUrls = {}, smartAccounts = {}, networks = localNetworkInfo(rpcUrls), port = 0 }) {
  return startTsxService({
    name: 'wallet-frame',
    cwd: join(ROOT, 'apps/wallet-frame'),
    script: 'src/server/main.ts',
    env: { FRAME_AUTH_URL: authUrl, FRAME_ANCESTORS: ancestors.join(','), FRAME_RPC_URLS: pairs(rpcUrls), FRAME_SMART_ACCOUNTS: pairs(smartAccounts), FRAME_NETWORKS: JSON.stringify(networks), FRAME_PORT: String(port) },
  });
}

/**
 * The embedded wallet's local stack: the SMTP catcher, the auth service (PGlite in `dataDir`,
 * default its own folder) and the wallet frame (built, on its own origin), wired together for
 * the host origins of `projects` (`{ id: [origins] }`); `smartAccounts`: the EIP-7702 account
 * implementation per network (see `deploySimple7702Account`); `framePort`: the frame's port (default
 * a free one; a node the frame sends through must allow its origin); `build: false` serves the
 * frame already built (the default when PORTICO_WALLET_FRAME_BUILT=1: `npm test` builds it once
 * for its two browser runs, which serve it side by side, and a build while another serves it would race); `cooldownMs`, `codeTtlMs`: the auth service's mail cooldown and passcode lifetime; `social`:
 * also the OpenID stand-in (Google, X, Discord, GitHub, Apple, Facebook), the auth service each project's client
 * there; `farcasterRpcUrl` (with `social`): Farcaster too, its ID registry on that local chain. `stop()` ends them all.
 */
export async function startEmbeddedWallet({ projects, rpcUrls = {}, smartAccounts = {}, dataDir, cooldownMs, codeTtlMs, mailPerClientPerMinute, authEnv, framePort: port, build = process.env.PORTICO_WALLET_FRAME_BUILT !== '1', social = false, farcasterRpcUrl } = {}) {
  const hosts = [...new Set(Object.values(projects).flat())];
  if (build) buildWalletFrame();
  const framePort = port ?? (await freePort());
  const frameOrigin = `http://127.0.0.1:${framePort}`;
  const group = createServiceGroup();
  try {
    const [mail] = await group.start(startMailCatcher({ allowedOrigins: hosts }));
    // Social login: the OpenID stand-in (Google, Apple) with the auth service registered as each project's client.
    const authPort = await freePort();
    const callback = `http://127.0.0.1:${authPort}/social/callback`;
    const client = (id) => ({ clientId: `portico-${id}`, clientSecret: `local-secret-of-${id}-at-the-stand-in`, redirectUris: [callback] });
    // Apple takes no secret: a Sign in with Apple key (made here, as a team makes its .p8), its public half at the stand-in.
    const appleKey = social ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : undefined;
    const appleTeam = { teamId: 'PORTICOTM1', keyId: 'PORTICOKY1' };
    const appleClient = (id) => ({ clientId: `com.portico.${id}`, redirectUris: [callback], apple: { ...appleTeam, publicKey: appleKey.publicKey.export({ type: 'spki', format: 'pem' }) } });
    const clients = () => Object.fromEntries(SOCIAL_STAND_INS.map((provider) => [provider, Object.keys(projects).map(provider === 'apple' ? appleClient : client)]));
    const [oidc] = social ? await group.start(startOidcProvider({ clients: clients(), farcasterRpcUrl })) : [];
    const farcaster = farcasterRpcUrl && oidc ? { farcaster: { relay: `${oidc.url}/farcaster/relay`, rpcUrl: farcasterRpcUrl } } : {};
    const registration = (id, provider) =>
      provider === 'apple'
        ? { issuer: `${oidc.url}/apple`, clientId: appleClient(id).clientId, ...appleTeam, privateKey: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) }
        : { issuer: `${oidc.url}/${provider}`, clientId: client(id).clientId, clientSecret: client(id).clientSecret };
    const socialConfig = oidc ? Object.fromEntries(Object.keys(projects).map((id) => [id, { ...Object.fromEntries(SOCIAL_STAND_INS.map((provider) => [provider, registration(id, provider)])), ...farcaster }])) : undefined;
    const [auth] = await group.start(startAuthService({ smtpPort: mail.smtpPort, projects, frameOrigins: [frameOrigin], ...(dataDir ? { dataDir } : {}), cooldownMs, codeTtlMs, ...(mailPerClientPerMinute !== undefined ? { mailPerClientPerMinute } : {}), ...(authEnv ? { env: authEnv } : {}), social: socialConfig, port: authPort }));
    const [frame] = await group.start(startWalletFrame({ authUrl: auth.url, ancestors: hosts, rpcUrls, smartAccounts, port: framePort }));
    return { mail, auth, frame, ...(oidc ? { oidc } : {}), stop: group.stop };
  } catch (error) {
    await group.stop();
    throw error;
  }
}

/**
 * A small round-robin proxy on 127.0.0.1 in front of several instances of one service (a load
 * balancer with a passive health check): each request goes to the next upstream, with
 * `X-Forwarded-For`; an upstream that refuses the connection is skipped and the request sent to
 * the next. `served` lists, in order, the upstream that answered each request.
 */
export async function startRoundRobinProxy(upstreams) {
  let next = 0;
  const served = [];
  const server = createHttpServer((incoming, outgoing) => {
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries) => {
        const upstream = upstreams[next++ % upstreams.length];
        const target = new URL(incoming.url ?? '/', upstream);
        const forwarded = httpRequest(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' } }, (answer) => {
          served.push(upstream);
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        });
        forwarded.on('error', () => (tries > 1 ? attempt(tries - 1) : outgoing.writeHead(502).end()));
        forwarded.end(body);
      };
      attempt(upstreams.length);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, served, stop: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/**
 * A set of running services. `start(...starting)` waits for services started side by side and
 * tracks each that comes up; when one fails, every service of the group is stopped and the
 * failure rethrown, so nothing is left running. `stop()` ends them all.
 */
export function createServiceGroup() {
  const running = [];
  const stop = () => Promise.all(running.splice(0).map((s) => s.stop())).then(() => undefined);
  return {
    async start(...starting) {
      const settled = await Promise.allSettled(starting.map((p) => p.then((s) => (running.push(s), s))));
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) {
        await stop();
        throw failed.reason;
      }
      return settled.map((r) => r.value);
    },
    stop,
  };
}
