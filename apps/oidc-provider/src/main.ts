// The OpenID stand-in as a process, for `npm start` and the browser tests:
// OIDC_CLIENTS='{"google":[{"clientId":"…","clientSecret":"…","redirectUris":["http://127.0.0.1:4600/v1/social/callback"]}]}'
// [OIDC_PORT=0] npx tsx apps/oidc-provider/src/main.ts
import { startOidcProvider, type OidcProviderOptions } from './createOidcProvider';

let providers: OidcProviderOptions['providers'];
try {
  providers = JSON.parse(process.env.OIDC_CLIENTS ?? '') as OidcProviderOptions['providers'];
} catch {
  console.error('usage: OIDC_CLIENTS=\'{"google":[{"clientId":"…","clientSecret":"…","redirectUris":["…"]}]}\' [OIDC_PORT=0] main.ts');
  process.exit(2);
}
const server = await startOidcProvider({ providers, port: Number(process.env.OIDC_PORT ?? '0') });
console.log(`oidc-provider listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
