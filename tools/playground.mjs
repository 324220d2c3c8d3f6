// `npm run playground`: the playground alone, without `npm start`'s local services: for trying a
// plugin of your own (`PORTICO_PLUGINS=./my-plugin.ts npm run playground`, docs/plugins.md). Its
// demo chain works in the page; the other chains, e-mail, social login, swaps and buying need
// the services `npm start` runs. A relative PORTICO_PLUGINS path is read from where npm was run.
import { isAbsolute, resolve } from 'node:path';
import { ensureInstalled, startChild, stopAll } from './workspace.mjs';

ensureInstalled();
const from = process.env.INIT_CWD ?? process.cwd();
const plugins = (process.env.PORTICO_PLUGINS ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => (entry.startsWith('.') || isAbsolute(entry) ? resolve(from, entry) : entry));
const port = process.env.PORT ?? '5173';
const playground = startChild('npx', ['vite', '--host', '127.0.0.1', '--port', port, '--strictPort'], {
  cwd: new URL('../apps/playground/', import.meta.url).pathname,
  env: { PORTICO_PLUGINS: plugins.join(',') },
});
if (plugins.length) console.log(`outside plugins: ${plugins.join(', ')}`);
console.log(`the playground alone: http://127.0.0.1:${port}/ (Ctrl-C stops it)`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll().then(() => process.exit(0)));
playground.on('exit', (code) => process.exit(code ?? 0));
