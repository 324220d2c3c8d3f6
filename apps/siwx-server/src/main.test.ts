import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createEip155SiweMessage } from '@portico/chain-eip155/siwx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const baseTsconfig = fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url));
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const chainId = 'eip155:1';

const started: ChildProcess[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
});

/** Runs `src/main.ts` (one node process, tsx as its loader) with only the given SIWX_* variables. */
function runMain(env: Record<string, string>) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIWX_') && name !== 'PORT' && name !== 'EIP155_RPC_URLS'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: { ...inherited, TSX_TSCONFIG_PATH: baseTsconfig, SIWX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  /** The URL once it prints `siwx-server listening on …`; rejects if it exits first. */
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /siwx-server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`siwx-server exited with ${code}: ${stderr}`)));
  });
  // Runs expected to exit never await it: that rejection is not an unhandled one.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

async function signInFor(url: string, domain: string): Promise<boolean> {
  const { nonce } = (await (await fetch(`${url}/nonce?chainId=${chainId}&address=${wallet.address}`)).json()) as { nonce: string };
  const data = { domain, uri: `http://${domain}`, version: '1' as const, nonce, issuedAt: new Date().toISOString(), chainId, accountAddress: wallet.address };
  const message = createEip155SiweMessage(data);
  const body = JSON.stringify({ data, message, signature: await wallet.signMessage({ message }) });
  return ((await (await fetch(`${url}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as { valid: boolean }).valid;
}

describe('main.ts (the server as npm start runs it)', { timeout: 60_000 }, () => {
  it('refuses to start without SIWX_DOMAIN: exit code 1 and a message naming it, with an example', async () => {
    const run = runMain({});
    expect(await run.exited).toBe(1);
    const { stdout, stderr } = run.output();
    expect(stderr).toContain('siwx-server: SIWX_DOMAIN is not set.');
    expect(stderr).toContain('e.g. SIWX_DOMAIN=127.0.0.1:5173');
    expect(stdout).not.toContain('listening');
  });

  it('refuses a SIWX_DOMAIN that is an origin rather than a host', async () => {
    const run = runMain({ SIWX_DOMAIN: 'http://127.0.0.1:5173' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('siwx-server: SIWX_DOMAIN="http://127.0.0.1:5173" is not a host');
  });

  it('with SIWX_DOMAIN, accepts sign-ins for that domain only, and stops on SIGTERM', async () => {
    const run = runMain({ SIWX_DOMAIN: '127.0.0.1:5173' });
    const url = await run.listening;
    expect(await signInFor(url, 'evil.example.com')).toBe(false);
    expect(await signInFor(url, '127.0.0.1:5173')).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
