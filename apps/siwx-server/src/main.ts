import { readSiwxServerEnv, type SiwxServerEnv } from './readSiwxServerEnv';
import { SiwxServerConfigError } from './SiwxServerConfigError';

// Configuration from the environment; see readSiwxServerEnv. Without SIWX_DOMAIN the server
// refuses to start rather than accept sign-ins signed for any site.
let config: SiwxServerEnv;
try {
  config = readSiwxServerEnv(process.env);
} catch (error) {
  if (!(error instanceof SiwxServerConfigError)) throw error;
  console.error(`siwx-server: ${error.message}`);
  process.exit(1);
}

// Loaded only once the configuration holds, so a bad one is reported at once rather than
// after the chain SDKs load.
const [{ createBip122Verifier }, { createEip155Verifier }, { createSolanaVerifier }, { createSiwxServer }, { createTelemetry, logLevelOf }] = await Promise.all([
  import('@portico/chain-bip122/siwx'),
  import('@portico/chain-eip155/siwx'),
  import('@portico/chain-solana/siwx'),
  import('./createSiwxServer'),
  import('@portico/service-kit'),
]);
const { port, domain, rpcUrls, allowedOrigins, maxNoncesPerClient, maxNoncesPerClientAccount, database, metricsPort, trustedProxies } = config;
// JSON log lines on stdout (LOG_LEVEL: pino's levels, default info), a request id on each.
const telemetry = createTelemetry({ service: 'siwx-server', level: logLevelOf(process.env.LOG_LEVEL) });
const verifiers = [
  // Takes the chain as a number or as CAIP-2 `eip155:N`, so either form of the verifier's option fits.
  createEip155Verifier({ domain, getRpcUrl: (caipNetworkId) => rpcUrls.get(caipNetworkId.replace(/^eip155:/, '')) }),
  createSolanaVerifier({ domain }),
  createBip122Verifier({ domain }),
];
const handle = await createSiwxServer({
  domain,
  verifiers,
  allowedOrigins,
  database,
  telemetry,
  trustedProxies,
  ...(maxNoncesPerClient === undefined ? {} : { maxNoncesPerClient }),
  ...(maxNoncesPerClientAccount === undefined ? {} : { maxNoncesPerClientAccount }),
}).listen(port);
console.log(`siwx-server listening on ${handle.url}`);
const metrics = metricsPort === undefined ? undefined : await telemetry.serveMetrics(metricsPort);
if (metrics) console.log(`siwx-server metrics on ${metrics.url}`);
// SIGTERM (a deploy, a scale-down): stop taking connections, let requests in flight finish (10 s at most), close the database, exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([handle.close(), metrics?.close()]).then(() => process.exit(0), (error: unknown) => (console.error('siwx-server: closing failed:', error), process.exit(1))));
}
