/**
 * `@solana/web3.js` is a dev and optional peer dependency: only `testing/` (the test wallet, the
 * LiteSVM node) uses it. This walks every module the runtime entries (`.`, `./api`, `./siwx`)
 * reach, dynamic imports included, and fails if one of them imports it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImports } from '@portico/tools/runtimeImports';
import pkg from '../package.json' with { type: 'json' };

const { packages } = runtimeImports(join(import.meta.dirname, '..'), ['.', './api', './siwx']);

describe('runtime dependencies', () => {
  it('the runtime entries never import @solana/web3.js (testing only)', () => {
    const web3 = [...packages].filter(([name]) => name.startsWith('@solana/web3.js'));
    expect(web3).toEqual([]);
    expect(pkg.dependencies).not.toHaveProperty(['@solana/web3.js']);
  });

  it('walks the real graph (the adapter and its wallet-standard imports are found)', () => {
    expect([...packages.keys()]).toContain('@wallet-standard/app');
    expect(packages.get('@portico/kernel')?.length).toBeGreaterThan(3);
  });
});
