// The hand-over of the registry test's hosts from the work beside the unit step (tools/beside.mjs) to
// the registry test in a browser run: a file in a folder of the run's own. What the test reads there
// must be what writePrepared wrote, whole; anything else fails it at once, saying what was wrong.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTS, waitForPrepared, writePrepared } from './registryHosts.mjs';

let dir;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'portico-prepared-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What prepareRegistryHosts resolves, with real folders for the hosts. */
const made = () => ({
  registry: { url: 'http://127.0.0.1:4873/', upstream: 'https://registry.npmjs.org/', npmrc: join(dir, 'npmrc'), dir, stop: async () => {} },
  published: ['@portico/react@0.1.0'],
  hosts: HOSTS.map((spec, i) => {
    const folder = join(dir, `host-${i}`);
    mkdirSync(folder);
    return { name: spec.name, folder };
  }),
});

describe('writePrepared → waitForPrepared', () => {
  it('hands over the registry, what was published and every host (not the registry process itself)', async () => {
    const file = join(dir, 'registry.json');
    const outcome = made();
    writePrepared(file, outcome);
    const prepared = await waitForPrepared(file, 1_000);
    expect(prepared).toEqual({ ok: true, registry: { url: outcome.registry.url, upstream: outcome.registry.upstream, npmrc: outcome.registry.npmrc, dir }, published: outcome.published, hosts: outcome.hosts });
  });

  it('waits for a file written later', async () => {
    const file = join(dir, 'registry.json');
    setTimeout(() => writePrepared(file, made()), 300);
    expect((await waitForPrepared(file, 5_000)).ok).toBe(true);
  });

  it('says why the hosts could not be made, from an error or a sentence', async () => {
    const file = join(dir, 'registry.json');
    writePrepared(file, new Error('npm install left out @types/react'));
    await expect(waitForPrepared(file, 1_000)).rejects.toThrow(/could not be made:\n.*npm install left out @types\/react/);
    writePrepared(file, 'the work beside the unit step ended (exit code 137) before writing it');
    await expect(waitForPrepared(file, 1_000)).rejects.toThrow(/could not be made:\nthe work beside the unit step ended \(exit code 137\)/);
  });

  it('gives up after its time when nothing is written', async () => {
    await expect(waitForPrepared(join(dir, 'never.json'), 600)).rejects.toThrow(/not ready within 1 s/);
  });

  it('refuses a file that is not what writePrepared writes: cut short, another shape, a host missing or its folder gone', async () => {
    const file = join(dir, 'registry.json');
    const valid = JSON.stringify({ ok: true, ...made(), registry: { url: 'http://127.0.0.1:1/', upstream: 'https://x/', npmrc: '/n', dir } });
    const cases = {
      'cut short': valid.slice(0, 40),
      'not an object': '"ready"',
      'no registry': JSON.stringify({ ...JSON.parse(valid), registry: undefined }),
      'ok missing': JSON.stringify({ ...JSON.parse(valid), ok: undefined }),
      'a host missing': JSON.stringify({ ...JSON.parse(valid), hosts: JSON.parse(valid).hosts.slice(1) }),
      'a host unknown': JSON.stringify({ ...JSON.parse(valid), hosts: JSON.parse(valid).hosts.map((h, i) => (i ? h : { ...h, name: 'Someone else' })) }),
      'a folder gone': JSON.stringify({ ...JSON.parse(valid), hosts: JSON.parse(valid).hosts.map((h, i) => (i ? h : { ...h, folder: join(dir, 'gone') })) }),
      'an error without words': JSON.stringify({ ok: false }),
    };
    writeFileSync(file, valid);
    expect((await waitForPrepared(file, 1_000)).ok).toBe(true);
    for (const [what, text] of Object.entries(cases)) {
      writeFileSync(file, text);
      await expect(waitForPrepared(file, 1_000), what).rejects.toThrow(/is not what writePrepared writes/);
    }
  });
});
