// Every installed package's `engines.node` accepts the oldest Node the README and the root
// `engines` promise, so `npm ci` on that Node prints no EBADENGINE warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './workspace.mjs';

const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));

describe('engines', () => {
  const oldest = semver.minVersion(rootPkg.engines.node).version;

  it('the root promises Node 20.19 or later', () => {
    expect(oldest).toBe('20.19.0');
  });

  it(`every locked package accepts Node ${oldest}`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && typeof entry.engines?.node === 'string' && !semver.satisfies(oldest, entry.engines.node, { includePrerelease: true }))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
