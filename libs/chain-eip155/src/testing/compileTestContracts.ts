import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/** One compiled test contract: its ABI, creation code and runtime code. */
export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

export interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'contracts');
let compiled: Map<string, CompiledContract> | undefined;

/**
 * Compiles the Solidity test contracts in `testing/contracts/` with solc-js (the pinned
 * `solc` package: the real compiler, built to WebAssembly) once per process. Throws with
 * the compiler's messages when a source does not compile.
 *
 * The compiler's output is kept in `node_modules/.cache/portico-test-contracts/` beside the
 * `solc` package, named by the hash of the compiler's version and its whole input (sources and
 * settings): every process that deploys the contracts (a test run starts a dozen) compiles them
 * once between them, about 4 CPU-seconds each time otherwise. A changed source or compiler is a
 * new name, so nothing stale is read; an unreadable cache file is compiled again.
 */
export function compileTestContracts(): Map<string, CompiledContract> {
  if (compiled) return compiled;
  const sources = Object.fromEntries(
    readdirSync(CONTRACTS_DIR)
      .filter((file) => file.endsWith('.sol'))
      .map((file) => [file, { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') }]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
  };
  const output = compileCached(JSON.stringify(input));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`Test contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  compiled = new Map();
  for (const contracts of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(contracts)) {
      compiled.set(name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, deployedBytecode: `0x${contract.evm.deployedBytecode.object}` });
    }
  }
  return compiled;
}

/** Where solc's output for `input` (its standard JSON input, as text) is cached: `node_modules/.cache/portico-test-contracts/<hash>.json`. */
export function compileCacheFile(input: string): string {
  const solcPackage = createRequire(import.meta.url).resolve('solc/package.json');
  const version = (JSON.parse(readFileSync(solcPackage, 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(version).update('\0').update(input).digest('hex');
  return join(dirname(solcPackage), '..', '.cache', 'portico-test-contracts', `${hash}.json`);
}

/** solc's output for `input`, from the cache when it holds a readable one (see compileTestContracts), else compiled and cached. */
export function compileCached(input: string): SolcOutput {
  const file = compileCacheFile(input);
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as SolcOutput;
    if (cached && typeof cached.contracts === 'object' && cached.contracts !== null) return cached;
  } catch {
    // Not there yet, or unreadable: compiled below.
  }
  const text = (createRequire(import.meta.url)('solc') as { compile(input: string): string }).compile(input);
  try {
    // Written whole, then renamed: a process reading beside this one never sees half a file.
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch {
    // A read-only node_modules: compiled again next time.
  }
  return JSON.parse(text) as SolcOutput;
}

/** One compiled test contract by name; throws if there is none. */
export function testContract(name: string): CompiledContract {
  const contract = compileTestContracts().get(name);
  if (!contract) throw new Error(`No test contract "${name}" in ${CONTRACTS_DIR}`);
  return contract;
}
