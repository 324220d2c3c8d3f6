// Local services shared by `npm start` and the browser tests, each started on 127.0.0.1
// and stopped by PID (its process group).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

/**
 * Starts the reference Sign-in-with-X server (apps/siwx-server) on a free port, allowing
 * `allowedOrigins` by CORS, binding sessions to `domain`, verifying each chain through
 * `rpcUrls[chainId]`; resolves once it prints its URL.
 */
export function startSiwxServer({ allowedOrigins = [], rpcUrls = {}, domain } = {}) {
  const cwd = join(ROOT, 'apps/siwx-server');
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', '../../tsconfig.base.json', 'src/main.ts'], {
    cwd,
    env: {
      ...process.env,
      SIWX_PORT: '0',
      SIWX_ALLOWED_ORIGINS: allowedOrigins.join(','),
      EIP155_RPC_URLS: Object.entries(rpcUrls).map(([id, url]) => `${id}=${url}`).join(','),
      // Sessions are bound to the site: a message signed for another domain is refused.
      ...(domain ? { SIWX_DOMAIN: domain } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error('siwx-server did not start within 30 s'))), 30_000);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], pid: child.pid, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`siwx-server exited with ${code}`));
    });
  });
}
