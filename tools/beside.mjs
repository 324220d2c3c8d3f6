#!/usr/bin/env node
// What `npm test` makes beside its unit step, at the lowest CPU priority (nice 19), so that it takes
// the processor time the unit tests leave unused (they kept this 2-core machine kind about 1.6
// cores busy) and little of what they use: first the bench host and its plugin variants, which the
// size budget measures, then the registry test's hosts (tools/registryHosts.mjs: Verdaccio, every
// library published, five hosts installed, type-checked and built).
//
//   node tools/beside.mjs <folder> <stage.json>
//
// <stage.json> is what stageForRegistry returned (the libraries are staged before the unit step,
// whose package checks rebuild one of them in place). Each result is a file in <folder>, written
// whole: `size.json` (`{ ok: true }`, or `{ ok: false, error }`) and `registry.json`
// (writePrepared). The registry stays up for the registry test until this process is stopped
// (SIGTERM or SIGINT), which stops it and deletes the hosts' folders.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { prepareRegistryHosts, writePrepared } from './registryHosts.mjs';
import { buildFeatureVariants, buildHost } from './sizes.mjs';

// Before anything is started: what this process starts inherits its priority.
setPriority(19);
const [folder, stageFile] = process.argv.slice(2);
if (!folder || !stageFile) throw new Error('usage: node tools/beside.mjs <folder> <stage.json>');

const writeResult = (name, body) => {
  const file = join(folder, name);
  writeFileSync(`${file}.tmp`, JSON.stringify(body));
  renameSync(`${file}.tmp`, file);
};
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

let prepared;
let stopping;
const stop = () =>
  (stopping ??= (async () => {
    // The registry test deletes the hosts it served; these are the ones it did not get to.
    await Promise.all((prepared?.hosts ?? []).map((host) => rm(host.folder, { recursive: true, force: true })));
    await prepared?.registry.stop();
    process.exit(0);
  })());
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

try {
  buildHost();
  buildFeatureVariants();
  writeResult('size.json', { ok: true });
} catch (error) {
  writeResult('size.json', { ok: false, error: describe(error) });
}

try {
  prepared = await prepareRegistryHosts(JSON.parse(readFileSync(stageFile, 'utf8')));
  writePrepared(join(folder, 'registry.json'), prepared);
  console.log(`the registry's ${prepared.hosts.length} hosts are ready`);
  // Up until stopped: the registry test asks the registry too.
  setInterval(() => {}, 1 << 30);
} catch (error) {
  writePrepared(join(folder, 'registry.json'), error instanceof Error ? error : new Error(String(error)));
}
