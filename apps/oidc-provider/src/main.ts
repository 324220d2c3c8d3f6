// The OpenID stand-in as a process, for `npm start` and the browser tests:
// OIDC_CLIENTS='{"google":[{"clientId":"…","clientSecret":"…","redirectUris":["http://127.0.0.1:4600/v1/social/callback"]}]}'
// [OIDC_PORT=0] [OIDC_FARCASTER_RPC_URL=http://127.0.0.1:8545] npx tsx apps/oidc-provider/src/main.ts
import { startOidcProvider, type OidcProviderOptions } from './createOidcProvider';

let providers: OidcProviderOptions['providers'];
try {
  providers = JSON.parse(process.env.OIDC_CLIENTS ?? '') as OidcProviderOptions['providers'];
} catch {
  console.error('usage: OIDC_CLIENTS=\'{"google":[{"clientId":"…","clientSecret":"…","redirectUris":["…"]}]}\' [OIDC_PORT=0] main.ts');
  process.exit(2);
}
// Farcaster too when OIDC_FARCASTER_RPC_URL names the local chain for its ID registry.
const rpcUrl = process.env.OIDC_FARCASTER_RPC_URL;
const server = await startOidcProvider({ providers, port: Number(process.env.OIDC_PORT ?? '0'), ...(rpcUrl ? { farcaster: { rpcUrl } } : {}) });
console.log(`oidc-provider listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
