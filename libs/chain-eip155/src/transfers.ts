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
