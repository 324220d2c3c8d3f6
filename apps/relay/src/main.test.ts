import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRaw } from './test/rawRelayClient';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** Starts `src/main.ts` under tsx and resolves with the process and its one stdout line. */
function startMain(args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      if (out.includes('\n')) resolve({ child, line: out.trim() });
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code} before listening`)));
  });
}

describe('main.ts', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
    child = undefined;
  });

  it('prints its url, serves clients and exits 0 on SIGTERM', async () => {
    const started = await startMain(['--port', '0']);
    child = started.child;
    const match = /^relay listening on (ws:\/\/127\.0\.0\.1:(\d+))$/.exec(started.line);
    expect(match, started.line).not.toBeNull();
    const client = await connectRaw(match![1]!);
    expect((await client.request('irn_subscribe', { topic: 'ab'.repeat(32) })).result).toMatch(/^[0-9a-f]{64}$/);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await client.closed).code).toBe(1006);
  });

  it('refuses an invalid --port', async () => {
    await expect(startMain(['--port', 'seventy'])).rejects.toThrow('exited with 2');
  });
});
