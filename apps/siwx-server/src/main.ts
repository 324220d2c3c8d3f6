import { createEip155Verifier } from '@portico/chain-eip155/siwx';
import { createSiwxServer } from './createSiwxServer';

// Configuration from the environment: SIWX_PORT (default 0 = any free port), SIWX_DOMAIN
// (the site's host sessions must be bound to), EIP155_RPC_URL (for ERC-1271/6492 accounts),
// SIWX_ALLOWED_ORIGINS (comma-separated browser origins allowed by CORS).
const port = Number(process.env.SIWX_PORT ?? process.env.PORT ?? 0);
const rpcUrl = process.env.EIP155_RPC_URL;
const verifier = createEip155Verifier({
  ...(process.env.SIWX_DOMAIN ? { domain: process.env.SIWX_DOMAIN } : {}),
  ...(rpcUrl ? { getRpcUrl: () => rpcUrl } : {}),
});

const allowedOrigins = (process.env.SIWX_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const handle = await createSiwxServer({ verifiers: [verifier], allowedOrigins }).listen(port);
console.log(`siwx-server listening on ${handle.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void handle.close().then(() => process.exit(0)));
}
