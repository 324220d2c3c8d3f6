// The local WalletConnect relay as a process, for `npm start` and the browser tests: the irn_*
// JSON-RPC over WebSocket on 127.0.0.1. Arguments: --port N (default 0 = any free port);
// RELAY_PORT in the environment works too. RELAY_PROJECT_IDS (comma-separated) turns on the
// hosted relay's project check: any other project id gets its socket closed with 3000.
import { createRelay } from './createRelay';

const portFlag = process.argv.indexOf('--port');
const port = Number(portFlag >= 0 ? process.argv[portFlag + 1] : (process.env.RELAY_PORT ?? 0));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: invalid port ${process.argv[portFlag + 1] ?? process.env.RELAY_PORT}`);
  process.exit(2);
}
const projectIds = process.env.RELAY_PROJECT_IDS?.split(',').map((id) => id.trim()).filter(Boolean);
const relay = await createRelay({ port, ...(projectIds?.length ? { projectIds } : {}) });
console.log(`relay listening on ${relay.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void relay.close().then(() => process.exit(0)));
