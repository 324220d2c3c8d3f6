import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';

/** Multicall3's address on most EVM chains (github.com/mds1/multicall). */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Calls per `aggregate3`. */
const BATCH = 200;

const ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

/** One read: a contract and its call data. */
export interface Read {
  target: Address;
  callData: Hex;
}

/** What one read answered: its return data, or undefined when it reverted or could not be read. */
export type ReadResult = Hex | undefined;

type EthCall = (call: { to: string; data: Hex }) => Promise<unknown>;

/**
 * Runs read-only calls through Multicall3's `aggregate3` (200 a batch, each allowed to fail). A
 * batch the node refuses as a whole — no Multicall3 on the chain, or one hostile contract using up
 * the call's gas — is read call by call instead, so one contract cannot take the others with it.
 */
export async function multicall(ethCall: EthCall, reads: readonly Read[]): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (let i = 0; i < reads.length; i += BATCH) {
    const batch = reads.slice(i, i + BATCH);
    const data = encodeFunctionData({ abi: ABI, functionName: 'aggregate3', args: [batch.map((r) => ({ ...r, allowFailure: true }))] });
    const reply = await ethCall({ to: MULTICALL3, data }).catch(() => undefined);
    let decoded: readonly { success: boolean; returnData: Hex }[] | undefined;
    try {
      decoded = typeof reply === 'string' && reply !== '0x' ? (decodeFunctionResult({ abi: ABI, functionName: 'aggregate3', data: reply as Hex }) as readonly { success: boolean; returnData: Hex }[]) : undefined;
    } catch {
      decoded = undefined;
    }
    if (decoded?.length === batch.length) results.push(...decoded.map((r) => (r.success ? r.returnData : undefined)));
    else results.push(...(await Promise.all(batch.map((r) => ethCall({ to: r.target, data: r.callData }).then((x) => (typeof x === 'string' ? (x as Hex) : undefined), () => undefined)))));
  }
  return results;
}
