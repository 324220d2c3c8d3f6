import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { SwapIo, SwapQuote, SwapTransaction } from '../api';

const ERC20 = parseAbi(['function allowance(address owner, address spender) view returns (uint256)', 'function approve(address spender, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);

/** An `eth_call` through the network's RPC, decoded with `abi`. */
export async function readContract<T>(io: SwapIo, to: string, data: Hex, decode: (result: Hex) => T): Promise<T> {
  const result = await io.rpc('eth_call', [{ to, data }, 'latest']);
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) throw new Error(`eth_call to ${to} answered with something other than hex data`);
  return decode(result as Hex);
}

/** ERC-20 `allowance(account, quote.spender)` on the sell token, read on chain. */
export function erc20Allowance(quote: SwapQuote, io: SwapIo): Promise<bigint> {
  if (!quote.spender) return Promise.resolve(2n ** 256n - 1n);
  const data = encodeFunctionData({ abi: ERC20, functionName: 'allowance', args: [quote.request.account as Hex, quote.spender as Hex] });
  return readContract(io, quote.request.sellToken, data, (r) => decodeFunctionResult({ abi: ERC20, functionName: 'allowance', data: r }));
}

/** ERC-20 `approve(quote.spender, sellAmount)`: exactly what this swap sells, never an unlimited allowance. */
export function erc20Approval(quote: SwapQuote): SwapTransaction {
  if (!quote.spender) throw new Error('Selling the native currency needs no approval');
  return { to: quote.request.sellToken, data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [quote.spender as Hex, quote.request.sellAmount] }), value: 0n };
}

/** `buyAmount` less `slippageBps` basis points, rounded down. */
export const lessSlippage = (amount: bigint, slippageBps: number): bigint => (amount * BigInt(10_000 - slippageBps)) / 10_000n;

/** The account's balance of a token (ERC-20 `balanceOf`), or of the native currency when `token` is undefined. */
export async function readTokenBalance(io: SwapIo, token: string | undefined, account: string): Promise<bigint> {
  if (token === undefined) {
    const hex = await io.rpc('eth_getBalance', [account, 'latest']);
    if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw new Error('eth_getBalance answered with something other than a hex quantity');
    return BigInt(hex);
  }
  return readContract(io, token, encodeFunctionData({ abi: ERC20, functionName: 'balanceOf', args: [account as Hex] }), (r) => decodeFunctionResult({ abi: ERC20, functionName: 'balanceOf', data: r }));
}
