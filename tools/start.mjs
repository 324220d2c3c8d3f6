#!/usr/bin/env node
// `npm start`: installs what is missing, then serves the playground on 127.0.0.1 with
// the local services its plugins need, until Ctrl-C; every child is stopped by PID.
import { ensureInstalled, startChild, stopAll, waitForHttp } from './workspace.mjs';

ensureInstalled();

const port = Number(process.env.PORT ?? 5173);
const playground = startChild('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
  cwd: new URL('../apps/playground/', import.meta.url).pathname,
});

let stopping = false;
const shutdown = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
playground.on('exit', (code) => void shutdown(code ?? 1));

await waitForHttp(`http://127.0.0.1:${port}/`);
console.log(`\n  Portico playground: http://127.0.0.1:${port}/  (Ctrl-C stops it and its services)\n`);
