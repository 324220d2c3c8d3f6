import { safeText } from '@portico/core';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';

/** The token reads the approval decoder makes (each answered or not: a contract may lack any). */
const TOKEN_ABI = parseAbi([
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
]);
/** ERC-721's ERC-165 interface id. */
const ERC721_INTERFACE = '0x80ac58cd';

/** What the decoder knows of a token contract: its symbol, name and decimals when it answers them. */
export interface TokenInfo {
  readonly symbol?: string | undefined;
  readonly name?: string | undefined;
  /** Absent for a contract that does not answer `decimals()` (an ERC-721 or ERC-1155 collection, or not a token). */
  readonly decimals?: number | undefined;
  readonly totalSupply?: bigint | undefined;
  /** True for a contract that says (ERC-165) it is an ERC-721 collection: its `approve` and `transferFrom` move one NFT, not an amount. */
  readonly erc721?: boolean | undefined;
}

/** An `eth_call` through the network's RPC. */
export type EthCall = (to: Address, data: Hex) => Promise<Hex>;

/** Text a contract returns, made safe to show (control and bidi characters out, at most 32 characters). */
const clean = (text: string) => safeText(text, 32);

/** One view function of `token` without arguments; undefined when it reverts or answers nothing readable. */
async function read(call: EthCall, token: Address, functionName: 'symbol' | 'name' | 'decimals' | 'totalSupply' | 'supportsInterface'): Promise<unknown> {
  try {
    const data = await call(token, encodeFunctionData({ abi: TOKEN_ABI, functionName, ...(functionName === 'supportsInterface' ? { args: [ERC721_INTERFACE] } : {}) } as never));
    return decodeFunctionResult({ abi: TOKEN_ABI, functionName, data } as never);
  } catch {
    return undefined;
  }
}

/**
 * Reads tokens' symbol, name, decimals, supply and whether they are ERC-721 through `call`, once
 * per token (the cache lives as long as the decoder). A token that answers nothing is an unknown
 * contract; the decoder then names it by its address, and the next request asks again (a node
 * that failed once is not taken at its word for the session).
 */
export function createTokenInfo() {
  const cache = new Map<string, Promise<TokenInfo>>();
  return {
    of(eth: EthCall, chain: string, token: Address): Promise<TokenInfo> {
      const key = `${chain}:${token.toLowerCase()}`;
      let info = cache.get(key);
      if (!info) {
        const reading = Promise.all((['symbol', 'name', 'decimals', 'totalSupply', 'supportsInterface'] as const).map((fn) => read(eth, token, fn)));
        info = reading.then(([symbol, name, decimals, totalSupply, erc721]) => ({
          symbol: typeof symbol === 'string' && clean(symbol) ? clean(symbol) : undefined,
          name: typeof name === 'string' && clean(name) ? clean(name) : undefined,
          decimals: typeof decimals === 'number' && decimals <= 36 ? decimals : undefined,
          totalSupply: typeof totalSupply === 'bigint' ? totalSupply : undefined,
          erc721: erc721 === true,
        }));
        cache.set(key, info);
        void reading.then((answers) => answers.every((a) => a === undefined) && cache.get(key) === info && cache.delete(key));
      }
      return info;
    },
    /** The owner's balance of an ERC-20 token, or undefined when the token does not answer. */
    async balanceOf(eth: EthCall, token: Address, owner: Address): Promise<bigint | undefined> {
      try {
        const data = await eth(token, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [owner] }));
        return decodeFunctionResult({ abi: TOKEN_ABI, functionName: 'balanceOf', data });
      } catch {
        return undefined;
      }
    },
  };
}
