import type { Balance, Network, TransferRequest } from '@portico/kernel';
import { encodeFunctionData, getAddress, isAddress, numberToHex, parseAbi } from 'viem';
import { estimateTransactionFee } from './estimateFee';

const ERC20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

/** Whether a recipient is written as a name (`vitalik.eth`, `name.box`) rather than an address. */
export const looksLikeEnsName = (input: string): boolean => !input.startsWith('0x') && /^[^\s.]+(\.[^\s.]+)+$/u.test(input);

/** A recipient on an EVM network: any 0x address, checksummed; a wrong checksum is refused. */
export function checkEvmRecipient(input: string, network: Network): { address: string } | { problem: string } {
  const value = input.trim();
  if (!isAddress(value, { strict: false })) return { problem: `not a valid address on ${network.name}` };
  // A mixed-case address carries an EIP-55 checksum: a typo in it is caught here.
  if (value !== value.toLowerCase() && value.slice(2) !== value.slice(2).toUpperCase() && !isAddress(value, { strict: true })) return { problem: 'the address has a wrong checksum (a typo?)' };
  return { address: getAddress(value) };
}

/** The `eth_sendTransaction` parameters of a transfer: Ether to the recipient, or an ERC-20 `transfer` call to the token. */
export function transferTransaction(transfer: TransferRequest, from: string): { from: string; to: string; value?: string; data?: string } {
  const to = getAddress(transfer.to);
  if (transfer.token === undefined) return { from, to, value: numberToHex(transfer.amount) };
  return { from, to: getAddress(transfer.token), data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [to, transfer.amount] }) };
}

/** The network fee of a transfer (gas estimate × gas price); rejects when the node says it would revert. */
export async function estimateTransferFee(call: (method: string, params: unknown[]) => Promise<unknown>, transfer: TransferRequest, from: string, network: Network): Promise<Balance> {
  const value = await estimateTransactionFee(call, transferTransaction(transfer, from), from);
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
}

/** How long a call batch may take to reach a block before the Send view is told it is still pending (it goes on). */
const CALLS_TIMEOUT_MS = 60_000;

/**
 * Sends a transaction as a one-call EIP-5792 batch (`wallet_sendCalls`, `atomicRequired: false`)
 * and waits for `wallet_getCallsStatus` to give its transaction hash (status 200, or 500 with
 * the failed receipt). Rejects with the wallet's error, or, when no hash comes within a minute,
 * with an error marked `submitted: true` (the batch is out; the Send view shows it as pending).
 */
export async function sendAsCalls(request: (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>, tx: { from: string; to: string; value?: string; data?: string }, chainId: string): Promise<string> {
  const sent = (await request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId, from: tx.from, atomicRequired: false, calls: [{ to: tx.to, ...(tx.value ? { value: tx.value } : {}), ...(tx.data ? { data: tx.data } : {}) }] }],
  })) as { id?: unknown } | null;
  if (typeof sent?.id !== 'string' || sent.id.length === 0 || sent.id.length > 200) throw new Error('wallet_sendCalls answered without a batch id');
  const deadline = Date.now() + CALLS_TIMEOUT_MS;
  for (;;) {
    const status = (await request({ method: 'wallet_getCallsStatus', params: [sent.id] })) as { status?: unknown; receipts?: { transactionHash?: unknown }[] } | null;
    const hash = status?.receipts?.[0]?.transactionHash;
    if (typeof status?.status === 'number' && status.status >= 200 && typeof hash === 'string') return hash;
    if (typeof status?.status === 'number' && status.status >= 400 && !hash) throw new Error(`The wallet's call batch ended with status ${status.status}`);
    // Submitted already: the caller must not offer to send it again.
    if (Date.now() > deadline) throw Object.assign(new Error('The wallet did not report the call batch in a block within a minute'), { submitted: true });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
