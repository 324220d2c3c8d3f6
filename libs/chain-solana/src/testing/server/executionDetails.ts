import { type Address, getAddressDecoder } from '@solana/kit';
import type { TransactionMetadata } from 'litesvm';

/** Instructions a program invoked from one top-level instruction (`meta.innerInstructions`). */
export interface InnerInstructionSet {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number }[];
}

/** What running a transaction produced, besides its error. */
export interface ExecutionDetails {
  logs: string[];
  unitsConsumed: bigint;
  innerInstructions: InnerInstructionSet[];
  returnData: { programId: Address; data: Uint8Array } | null;
}

/** Copies LiteSVM's execution metadata into plain values (the native object is not kept). */
export function describeExecution(meta: TransactionMetadata): ExecutionDetails {
  const innerInstructions = meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const instruction = inner.instruction();
        return { programIdIndex: instruction.programIdIndex(), accounts: [...instruction.accounts()], data: instruction.data(), stackHeight: inner.stackHeight() };
      }),
    }))
    .filter((set) => set.instructions.length > 0);
  const returned = meta.returnData();
  const programId = returned.programId();
  const data = returned.data();
  const hasReturnData = data.length > 0 || programId.some((byte) => byte !== 0);
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    innerInstructions,
    returnData: hasReturnData ? { programId: getAddressDecoder().decode(programId), data } : null,
  };
}
