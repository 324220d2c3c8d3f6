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
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { prepareRegistryHosts, writePrepared } from './registryHosts.mjs';
import { buildFeatureVariants, buildHost } from './sizes.mjs';
import { writeJsonWhole } from './workspace.mjs';

// Before anything is started: what this process starts inherits its priority. Linux's autogroups
// (sched_autogroup_enabled) share the processor between sessions before nice values count, and
// this runs in a session of its own (a process group npm test can stop whole): the session's
// group gets the same lowest weight. Without it, at nice 19 alone, every unit project here took
// 20-100 % longer.
setPriority(19);
try {
  writeFileSync('/proc/self/autogroup', '19');
} catch {
  // A kernel without autogroups: the nice value is all there is.
}
const [folder, stageFile] = process.argv.slice(2);
if (!folder || !stageFile) throw new Error('usage: node tools/beside.mjs <folder> <stage.json>');

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
  writeJsonWhole(join(folder, 'size.json'), { ok: true });
} catch (error) {
  writeJsonWhole(join(folder, 'size.json'), { ok: false, error: describe(error) });
}

try {
  prepared = await prepareRegistryHosts(JSON.parse(readFileSync(stageFile, 'utf8')));
  writePrepared(join(folder, 'registry.json'), prepared);
  console.log(`the registry's ${prepared.hosts.length} hosts are ready`);
  // Up until stopped: the registry test asks the registry too.
  setInterval(() => {}, 1 << 30);
} catch (error) {
  writePrepared(join(folder, 'registry.json'), error instanceof Error ? error : String(error));
}
