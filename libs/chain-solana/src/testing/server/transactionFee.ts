import type { WireMessage } from './wireTransaction';

/** Lamports charged per signature (the cluster default, and litesvm's). */
export const LAMPORTS_PER_SIGNATURE = 5000n;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const SIGNATURE_PRECOMPILES = new Set(['Ed25519SigVerify111111111111111111111111111', 'KeccakSecp256k11111111111111111111111111111', 'Secp256r1SigVerify1111111111111111111111111']);
// Builtins get 3,000 compute units by default instead of 200,000 (SIMD-0170).
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  ...SIGNATURE_PRECOMPILES,
]);
const MAX_COMPUTE_UNITS = 1_400_000n;

const readUint = (data: Uint8Array, offset: number, bytes: number) => {
  let value = 0n;
  for (let index = bytes - 1; index >= 0; index -= 1) value = (value << 8n) | BigInt(data[offset + index] ?? 0);
  return value;
};

/**
 * The fee the runtime charges for a message: 5,000 lamports per signature (precompile
 * signatures included) plus the compute-unit price times the compute-unit limit.
 */
export function transactionFee(message: WireMessage): bigint {
  let signatures = BigInt(message.header.numSignerAccounts);
  let unitPrice = 0n;
  let unitLimit: bigint | undefined;
  let defaultLimit = 0n;
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex] ?? '';
    const data = new Uint8Array(instruction.data ?? []);
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n;
    if (SIGNATURE_PRECOMPILES.has(program)) signatures += BigInt(data[0] ?? 0);
    if (program !== COMPUTE_BUDGET_PROGRAM) continue;
    if (data[0] === 2 && data.length >= 5) unitLimit = readUint(data, 1, 4);
    if (data[0] === 3 && data.length >= 9) unitPrice = readUint(data, 1, 8);
  }
  const limit = (unitLimit ?? defaultLimit) < MAX_COMPUTE_UNITS ? (unitLimit ?? defaultLimit) : MAX_COMPUTE_UNITS;
  const priorityFee = (unitPrice * limit + 999_999n) / 1_000_000n;
  return signatures * LAMPORTS_PER_SIGNATURE + priorityFee;
}
