import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import { NATIVE_TOKEN, swapProblem, type SwapIo, type SwapProvider, type SwapQuote, type SwapQuoteRequest, type UniswapV2Deployment } from '../api';
import { erc20Allowance, erc20Approval, lessSlippage, readContract } from './erc20';

const ROUTER = parseAbi([
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const FACTORY = parseAbi(['function getPair(address a, address b) view returns (address)']);
const PAIR = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)', 'function token0() view returns (address)']);
const ZERO = '0x0000000000000000000000000000000000000000';
/** The swap transaction is good for 20 minutes on chain (Uniswap's interface's default). */
const DEADLINE_S = 20 * 60;

const isNative = (token: string) => token.toLowerCase() === NATIVE_TOKEN.toLowerCase();

/**
 * A Uniswap V2 router (any fork with Router02's interface): quotes with `getAmountsOut` over the
 * direct pool and the pools through WETH (the better one wins), price impact from the pools'
 * reserves (the 0.3 % LP fee left out), and `swapExact…` transactions with the minimum out and a
 * 20-minute deadline. No API, no key: everything is read on chain.
 */
export function createUniswapV2Provider(deployments: Readonly<Record<string, UniswapV2Deployment>>, name = 'Uniswap V2'): SwapProvider {
  const factories = new Map<string, Promise<string>>();
  const deploymentOf = (networkId: string) => {
    const deployment = deployments[networkId];
    if (!deployment) throw swapProblem('no-route', `${name} has no router on this network`);
    return deployment;
  };
  const pathOf = (request: SwapQuoteRequest, via: string | undefined, weth: string): Hex[] => {
    const a = isNative(request.sellToken) ? weth : request.sellToken;
    const b = isNative(request.buyToken) ? weth : request.buyToken;
    return (via ? [a, via, b] : [a, b]).map((t) => getAddress(t));
  };
  const amountsOut = async (io: SwapIo, router: string, amount: bigint, path: Hex[]): Promise<bigint | undefined> => {
    try {
      const amounts = await readContract(io, router, encodeFunctionData({ abi: ROUTER, functionName: 'getAmountsOut', args: [amount, path] }), (r) => decodeFunctionResult({ abi: ROUTER, functionName: 'getAmountsOut', data: r }));
      const out = amounts[amounts.length - 1];
      return out !== undefined && out > 0n ? out : undefined;
    } catch {
      // No pool on this path (the router reverts), or an empty one.
      return undefined;
    }
  };
  /** The pools' price along `path` with the LP fee, as a ratio of big integers scaled by 1e18 per hop. */
  const idealOut = async (io: SwapIo, router: string, amount: bigint, path: Hex[]): Promise<bigint | undefined> => {
    let factory = factories.get(router);
    if (!factory) {
      factory = readContract(io, router, encodeFunctionData({ abi: ROUTER, functionName: 'factory' }), (r) => decodeFunctionResult({ abi: ROUTER, functionName: 'factory', data: r }));
      factories.set(router, factory);
      factory.catch(() => factories.delete(router));
    }
    let out = amount;
    for (let i = 0; i + 1 < path.length; i++) {
      const pair = await readContract(io, await factory, encodeFunctionData({ abi: FACTORY, functionName: 'getPair', args: [path[i]!, path[i + 1]!] }), (r) => decodeFunctionResult({ abi: FACTORY, functionName: 'getPair', data: r }));
      if (pair === ZERO) return undefined;
      const [r0, r1] = await readContract(io, pair, encodeFunctionData({ abi: PAIR, functionName: 'getReserves' }), (r) => decodeFunctionResult({ abi: PAIR, functionName: 'getReserves', data: r }));
      const token0 = await readContract(io, pair, encodeFunctionData({ abi: PAIR, functionName: 'token0' }), (r) => decodeFunctionResult({ abi: PAIR, functionName: 'token0', data: r }));
      const [reserveIn, reserveOut] = getAddress(token0) === path[i] ? [r0, r1] : [r1, r0];
      if (reserveIn === 0n) return undefined;
      // At the pool's marginal price, after the 0.3 % fee.
      out = (out * reserveOut * 997n) / (reserveIn * 1000n);
    }
    return out;
  };

  return {
    id: `uniswap-v2:${name}`,
    name,
    supports: (networkId) => networkId in deployments,
    async quote(request, io): Promise<SwapQuote> {
      const { router, weth } = deploymentOf(request.network.caipNetworkId);
      const direct = pathOf(request, undefined, weth);
      if (direct[0] === direct[1]) throw swapProblem('no-route', 'Choose two different tokens');
      const candidates = [direct];
      if (direct[0] !== getAddress(weth) && direct[1] !== getAddress(weth)) candidates.push(pathOf(request, weth, weth));
      const outs = await Promise.all(candidates.map((path) => amountsOut(io, router, request.sellAmount, path)));
      let best = -1;
      outs.forEach((out, i) => {
        if (out !== undefined && (best < 0 || out > outs[best]!)) best = i;
      });
      if (best < 0) throw swapProblem('no-route', `${name} has no pool for this pair`);
      const path = candidates[best]!;
      const buyAmount = outs[best]!;
      const ideal = await idealOut(io, router, request.sellAmount, path).catch(() => undefined);
      const priceImpact = ideal && ideal > 0n ? Math.max(0, 1 - Number((buyAmount * 1_000_000n) / ideal) / 1_000_000) : undefined;
      return {
        provider: this.id,
        request,
        buyAmount,
        minBuyAmount: lessSlippage(buyAmount, request.slippageBps),
        priceImpact,
        spender: isNative(request.sellToken) ? undefined : getAddress(router),
        route: path,
      };
    },
    allowance: (quote, io) => erc20Allowance(quote, io),
    approval: (quote) => Promise.resolve(erc20Approval(quote)),
    buildSwap(quote) {
      const { router } = deploymentOf(quote.request.network.caipNetworkId);
      const { request } = quote;
      const path = (quote.route ?? []).map((t) => getAddress(t));
      const to = getAddress(request.account);
      const deadline = BigInt(Math.floor(Date.now() / 1000) + DEADLINE_S);
      if (isNative(request.sellToken)) {
        return Promise.resolve({ to: router, value: request.sellAmount, data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [quote.minBuyAmount, path, to, deadline] }) });
      }
      const functionName = isNative(request.buyToken) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
      return Promise.resolve({ to: router, value: 0n, data: encodeFunctionData({ abi: ROUTER, functionName, args: [request.sellAmount, quote.minBuyAmount, path, to, deadline] }) });
    },
  };
}
