import { createBip122Verifier } from '@portico/chain-bip122/siwx';
import { createEip155Verifier } from '@portico/chain-eip155/siwx';
import { createSolanaVerifier } from '@portico/chain-solana/siwx';
import { createSiwxServer } from './createSiwxServer';

// Configuration from the environment: SIWX_PORT (default 0 = any free port), SIWX_DOMAIN
// (the site's host sessions must be bound to), EIP155_RPC_URLS (`chainId=url,…`, for
// ERC-1271/6492 accounts, each chain through its own node),
// SIWX_ALLOWED_ORIGINS (comma-separated browser origins allowed by CORS).
const port = Number(process.env.SIWX_PORT ?? process.env.PORT ?? 0);
const rpcUrls = new Map((process.env.EIP155_RPC_URLS ?? '').split(',').filter(Boolean).map((entry) => entry.split('=') as [string, string]).map(([id, url]) => [Number(id), url]));
const verifier = createEip155Verifier({
  ...(process.env.SIWX_DOMAIN ? { domain: process.env.SIWX_DOMAIN } : {}),
  getRpcUrl: (chainId: number) => rpcUrls.get(chainId),
});

const domain = process.env.SIWX_DOMAIN ? { domain: process.env.SIWX_DOMAIN } : {};

const allowedOrigins = (process.env.SIWX_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const verifiers = [verifier, createSolanaVerifier(domain), createBip122Verifier(domain)];
const handle = await createSiwxServer({ verifiers, allowedOrigins }).listen(port);
console.log(`siwx-server listening on ${handle.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void handle.close().then(() => process.exit(0)));
}
