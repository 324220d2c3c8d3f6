import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { compileCached, compileCacheFile, compileTestContracts } from './compileTestContracts';

/** A standard JSON input of one small contract, unique to this test (a random constant), so no other run has cached it. */
const inputFor = (body: string) =>
  JSON.stringify({
    language: 'Solidity',
    sources: { 'Probe.sol': { content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Probe { ${body} }\n` } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  });

describe('compiled test contracts are cached by their input (compileCached)', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((file) => rmSync(file, { force: true })));

  it('compiles once, then reads the same output from the cache file the input names', () => {
    const input = inputFor(`uint256 public constant seed = 0x${randomBytes(8).toString('hex')};`);
    const file = compileCacheFile(input);
    made.push(file);
    expect(existsSync(file)).toBe(false);
    const first = compileCached(input);
    expect(first.contracts['Probe.sol']!.Probe!.evm.bytecode.object).toMatch(/^[0-9a-f]{100,}$/);
    const written = statSync(file).mtimeMs;
    expect(compileCached(input)).toEqual(first);
    // Read, not written again.
    expect(statSync(file).mtimeMs).toBe(written);
  }, 60_000);

  it('a changed source names another file; a torn cache file is compiled again and replaced', () => {
    const a = inputFor(`uint256 public constant seed = 0x${randomBytes(8).toString('hex')};`);
    const b = inputFor(`uint256 public constant seed = 0x${randomBytes(8).toString('hex')};`);
    expect(compileCacheFile(a)).not.toBe(compileCacheFile(b));
    const file = compileCacheFile(a);
    made.push(file);
    writeFileSync(file, '{"contracts": {"Probe.sol": ');
    expect(compileCached(a).contracts['Probe.sol']!.Probe!.abi).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'seed' })]));
    expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
  }, 60_000);

  it("a source that does not compile still says why (from the cache too), and the test contracts' own compile has no error", () => {
    const broken = inputFor('function f() public { undefinedThing(); }');
    made.push(compileCacheFile(broken));
    for (let i = 0; i < 2; i++) expect(compileCached(broken).errors?.some((e) => e.severity === 'error' && /undefinedThing|Undeclared/.test(e.formattedMessage))).toBe(true);
    expect(compileTestContracts().size).toBeGreaterThan(0);
  }, 60_000);
});
