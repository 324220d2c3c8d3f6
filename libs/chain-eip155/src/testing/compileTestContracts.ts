import { readdirSync, readFileSync } from 'node:fs';
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

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'contracts');
let compiled: Map<string, CompiledContract> | undefined;

/**
 * Compiles the Solidity test contracts in `testing/contracts/` with solc-js (the pinned
 * `solc` package: the real compiler, built to WebAssembly) once per process. Throws with
 * the compiler's messages when a source does not compile.
 */
export function compileTestContracts(): Map<string, CompiledContract> {
  if (compiled) return compiled;
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
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
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
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

/** One compiled test contract by name; throws if there is none. */
export function testContract(name: string): CompiledContract {
  const contract = compileTestContracts().get(name);
  if (!contract) throw new Error(`No test contract "${name}" in ${CONTRACTS_DIR}`);
  return contract;
}
