/**
 * The plugin verifies Bitcoin signatures and never signs: the signers, `ecpair` and the reference
 * `bip322-js` are for tests (`testing/`) only. This walks every module the runtime entries
 * (`.`, `./api`, `./siwx`) reach, dynamic imports included, and fails if one of them reaches them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImports } from '@portico/tools/runtimeImports';
import pkg from '../package.json' with { type: 'json' };

const { packages, files } = runtimeImports(join(import.meta.dirname, '..'), ['.', './api', './siwx']);

describe('runtime dependencies', () => {
  it('no runtime entry reaches the test signers, ecpair or bip322-js', () => {
    expect(files.filter((file) => file.includes('testing/'))).toEqual([]);
    expect([...packages.keys()].filter((name) => name === 'ecpair' || name === 'bip322-js')).toEqual([]);
    expect(pkg.dependencies).not.toHaveProperty(['ecpair']);
    expect(pkg.peerDependenciesMeta.ecpair).toEqual({ optional: true });
  });

  it('walks the real graph (the verifier and its bitcoinjs-lib imports are found)', () => {
    expect(files).toContain('src/bitcoin/bip322.ts');
    expect(packages.get('bitcoinjs-lib')?.length).toBeGreaterThan(2);
  });
});
