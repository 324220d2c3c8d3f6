import { ANVIL_DEV_KEYS } from '@portico/chain-eip155/testing';
import { deployTestTokens, deployUniswapV2, startAnvil, type AnvilNode, type LocalUniswapV2, type TestTokens } from '@portico/chain-eip155/testing/node';
import type { Network } from '@portico/kernel';
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUniswapV2Provider, NATIVE_TOKEN, type SwapIo, type SwapProvider, type SwapQuote, type SwapTransaction } from '@portico/plugin-swaps';

let anvil: AnvilNode;
let tokens: TestTokens;
let uni: LocalUniswapV2;
let network: Network;
let io: SwapIo;
let provider: SwapProvider;
// Anvil's seventh dev account: no other test of this file's process uses it.
const trader = privateKeyToAccount(ANVIL_DEV_KEYS[6]);
const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function balanceOf(address) view returns (uint256)']);

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  uni = await deployUniswapV2(anvil.url, tokens);
  network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } };
  const reader = createPublicClient({ transport: http(anvil.url) });
  io = { rpc: (method, params) => reader.request({ method: method as 'eth_call', params: params as never }), json: () => Promise.reject(new Error('the on-chain provider makes no HTTP request')) };
  provider = createUniswapV2Provider({ [network.caipNetworkId]: { router: uni.router, weth: uni.weth } });
});
afterAll(() => anvil?.stop());

const balance = (token: Hex) => createPublicClient({ transport: http(anvil.url) }).readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [trader.address] });
const request = (sellToken: string, buyToken: string, sellAmount: bigint, slippageBps = 100) => ({ network, chainId: anvil.chainId, account: trader.address, sellToken, buyToken, sellAmount, slippageBps });

/** Sends a transaction from the trader and resolves its receipt's status. */
async function send(tx: SwapTransaction, gas?: bigint): Promise<'success' | 'reverted'> {
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const wallet = createWalletClient({ account: trader, chain, transport: http(anvil.url) });
  const hash = await wallet.sendTransaction({ to: tx.to as Hex, data: tx.data as Hex, value: tx.value, ...(gas ? { gas } : {}) });
  return (await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash, pollingInterval: 50 })).status;
}

describe('the Uniswap V2 provider on the local deployment (published artifacts)', () => {
  it('quotes ETH → tUSD at the pool price less the 0.3 % fee, with the price impact from the reserves and the minimum out at 1 %', async () => {
    const quote = await provider.quote(request(NATIVE_TOKEN, tokens.usd, parseEther('1')), io);
    // x·y = k: 1 ETH into 100 ETH / 300,000 tUSD gives 300,000 · 0.997 / 100.997 tUSD.
    const expected = (parseEther('1') * 997n * 300_000_000_000n) / (100n * 10n ** 18n * 1000n + parseEther('1') * 997n);
    expect(quote.buyAmount).toBe(expected);
    expect(quote.minBuyAmount).toBe((expected * 9_900n) / 10_000n);
    expect(quote.priceImpact).toBeGreaterThan(0.0095);
    expect(quote.priceImpact).toBeLessThan(0.0105);
    expect(quote.spender).toBeUndefined();
    expect(quote.route).toEqual([uni.weth, tokens.usd]);
  });

  it('takes the better of the direct pool and the route through WETH', async () => {
    const quote = await provider.quote(request(tokens.ptk, tokens.usd, parseEther('10')), io);
    expect(quote.route?.length).toBe(2);
    expect(quote.spender).toBe(uni.router);
    // About 3 tUSD per PTK.
    expect(Number(quote.buyAmount) / 1e6).toBeGreaterThan(29);
    expect(Number(quote.buyAmount) / 1e6).toBeLessThan(30);
  });

  it('says "no route" for a token without a pool, for the same token twice and on a network it has no router on', async () => {
    await expect(provider.quote(request(NATIVE_TOKEN, tokens.dust, parseEther('1')), io)).rejects.toMatchObject({ swapProblem: 'no-route', message: 'Uniswap V2 has no pool for this pair' });
    await expect(provider.quote(request(tokens.usd, tokens.usd, 10n), io)).rejects.toMatchObject({ swapProblem: 'no-route' });
    await expect(provider.quote({ ...request(NATIVE_TOKEN, tokens.usd, 1n), network: { ...network, caipNetworkId: 'eip155:999' } }, io)).rejects.toMatchObject({ swapProblem: 'no-route' });
    expect(provider.supports('eip155:999')).toBe(false);
  });

  it('swaps ETH → tUSD on chain: the account gets at least the minimum, exactly the quote when nothing moved', async () => {
    const quote = await provider.quote(request(NATIVE_TOKEN, tokens.usd, parseEther('0.5')), io);
    const before = await balance(tokens.usd);
    expect(await send(await provider.buildSwap(quote, io))).toBe('success');
    expect((await balance(tokens.usd)) - before).toBe(quote.buyAmount);
  });

  it('tUSD → PTK: short allowance, an approval of exactly the amount, then the swap', async () => {
    const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
    const wallet = createWalletClient({ account: trader, chain, transport: http(anvil.url) });
    await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash: await wallet.writeContract({ address: tokens.usd, abi: ERC20, functionName: 'mint', args: [trader.address, 5_000_000_000n] }), pollingInterval: 50 });
    const quote: SwapQuote = await provider.quote(request(tokens.usd, tokens.ptk, 1_000_000_000n), io);
    expect(await provider.allowance(quote, io)).toBe(0n);
    const approval = await provider.approval(quote, io);
    expect(approval.to).toBe(tokens.usd);
    expect(await send(approval)).toBe('success');
    expect(await provider.allowance(quote, io)).toBe(1_000_000_000n);
    const before = await balance(tokens.ptk);
    expect(await send(await provider.buildSwap(quote, io))).toBe('success');
    const got = (await balance(tokens.ptk)) - before;
    expect(got).toBe(quote.buyAmount);
    expect(await provider.allowance(quote, io)).toBe(0n);
  });

  it('reverts on chain when the price moved past the minimum out since the quote', async () => {
    const quote = await provider.quote(request(NATIVE_TOKEN, tokens.ptk, parseEther('1')), io);
    const tx = await provider.buildSwap(quote, io);
    // Someone else buys PTK first, moving the price by far more than 1 %.
    const other = await provider.quote(request(NATIVE_TOKEN, tokens.ptk, parseEther('20')), io);
    expect(await send(await provider.buildSwap(other, io))).toBe('success');
    expect(await send(tx, 300_000n)).toBe('reverted');
  });
});
