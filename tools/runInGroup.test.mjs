import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInGroup, startInGroup } from './workspace.mjs';

/** What `runInGroup` wrote to this process's stdout and stderr while `run` ran. */
async function captured(run) {
  const out = [];
  const err = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true));
  const code = await run();
  vi.restoreAllMocks();
  return { code, out: out.join(''), err: err.join(''), writes: out };
}

describe('runInGroup with a prefix (two commands side by side, as the browser step runs its two Playwright runs)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints every line whole after the prefix, stdout and stderr apart, the last one without its newline too, and returns the exit code', async () => {
    const script = "process.stdout.write('one\\ntw'); setTimeout(() => { process.stdout.write('o\\nthree'); console.error('oops'); process.exit(3); }, 50);";
    const { code, out, err, writes } = await captured(() => runInGroup(process.execPath, ['-e', script], { prefix: '[x] ' }));
    expect(code).toBe(3);
    expect(out).toBe('[x] one\n[x] two\n[x] three\n');
    expect(err).toBe('[x] oops\n');
    // A line split across two chunks of the pipe is written once, whole.
    expect(writes.every((w) => w.endsWith('\n'))).toBe(true);
  });

  it("two runs at once: each line carries its own run's prefix, none is cut by the other's", async () => {
    const script = (tag) => `let n = 0; const t = setInterval(() => { process.stdout.write('${tag}'.repeat(3000) + '\\n'); if (++n === 20) { clearInterval(t); } }, 1);`;
    const { out } = await captured(() => Promise.all([runInGroup(process.execPath, ['-e', script('a')], { prefix: '[1] ' }), runInGroup(process.execPath, ['-e', script('b')], { prefix: '[2] ' })]));
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(40);
    for (const line of lines) expect(line === `[1] ${'a'.repeat(3000)}` || line === `[2] ${'b'.repeat(3000)}`).toBe(true);
  });
});

describe('startInGroup (the work npm test runs beside its steps)', () => {
  afterEach(() => vi.restoreAllMocks());

  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('returns at once; its lines carry the prefix; stop() ends the whole group, what the command started included', async () => {
    const out = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
    // The command starts a grandchild that would outlive it, prints its PID, and waits.
    const script = "const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000);";
    const job = startInGroup(process.execPath, ['-e', script], { prefix: '[beside] ' }, 2000);
    expect(alive(job.pid)).toBe(true);
    await vi.waitFor(() => expect(out.join('')).toMatch(/^\[beside\] grandchild \d+\n$/), { timeout: 10_000 });
    const grandchild = Number(/grandchild (\d+)/.exec(out.join(''))[1]);
    expect(alive(grandchild)).toBe(true);
    await job.stop();
    vi.restoreAllMocks();
    expect(await job.exited).not.toBe(0);
    expect(alive(job.pid)).toBe(false);
    await vi.waitFor(() => expect(alive(grandchild)).toBe(false), { timeout: 5_000 });
  });

  it('resolves `exited` with the exit code of a command that ends by itself', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const job = startInGroup(process.execPath, ['-e', 'process.exit(4)'], { prefix: '' });
    expect(await job.exited).toBe(4);
  });
});
