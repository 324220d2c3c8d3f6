import { ANVIL_DEV_KEYS } from '@portico/chain-eip155/testing';
import { deployTestTokens, deployUniswapV2, startAnvil, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import type { Network } from '@portico/kernel';
import { createUniswapV2Provider, fiatValue, maxSellAmount, NATIVE_TOKEN, pickToken, priceSwap, runSwap, shortfall, swapTokens, type PricedQuote, type SwapContext, type SwapPhase, type SwapRun } from '@portico/plugin-swaps';
import { createPublicClient, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The Swap view's flow without React (plugin-swaps' swapFlow.ts), run against Uniswap V2 on a local anvil: the
// account sends through anvil's unlocked dev account, as a wallet's eth_sendTransaction would.
let anvil: AnvilNode;
let tokens: TestTokens;
let network: Network;
let ctx: SwapContext;
const trader = privateKeyToAccount(ANVIL_DEV_KEYS[7]).address;
const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)']);
const client = () => createPublicClient({ transport: http(anvil.url) });

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  const uni = await deployUniswapV2(anvil.url, tokens);
  network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } };
  const reader = client();
  const io = { rpc: (method: string, params: readonly unknown[]) => reader.request({ method: method as 'eth_call', params: params as never }), json: () => Promise.reject(new Error('the on-chain provider makes no HTTP request')) };
  ctx = { providers: [createUniswapV2Provider({ [network.caipNetworkId]: { router: uni.router, weth: uni.weth } })], io, account: trader, ttlMs: 30_000 };
}, 60_000);
afterAll(() => anvil?.stop());

const request = (sellToken: string, buyToken: string, sellAmount: bigint) => ({ network, chainId: anvil.chainId, account: trader, sellToken, buyToken, sellAmount, slippageBps: 100 });
const balance = (token: Hex) => client().readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [trader] });
const nonce = () => client().getTransactionCount({ address: trader });

/** A wallet over anvil's JSON-RPC (the account unlocked), with what the run reported; `answer` may refuse a prompt instead. */
function wallet(answer?: (method: string, count: number) => Error | undefined) {
  const phases: SwapPhase[] = [];
  let prompts = 0;
  let settled = 0;
  const run: SwapRun = {
    async request(args) {
      prompts += 1;
      const refusal = answer?.(args.method, prompts);
      if (refusal) throw refusal;
      return client().request({ method: args.method as 'eth_call', params: args.params as never });
    },
    async status(hash) {
      const receipt = await client().request({ method: 'eth_getTransactionReceipt', params: [hash as Hex] });
      return !receipt ? 'pending' : receipt.status === '0x1' ? 'confirmed' : 'failed';
    },
    phase: (phase) => void phases.push(phase),
    stopped: () => false,
    settled: () => void settled++,
    pollMs: 20,
  };
  return { run, phases, prompts: () => prompts, settled: () => settled };
}

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

describe('the swap flow on Uniswap V2 (anvil)', () => {
  it('ETH → tUSD: priced with a fee and no approval, one prompt, and what arrived read on chain', async () => {
    const priced = await priceSwap(ctx, request(NATIVE_TOKEN, tokens.usd, parseEther('0.5')));
    expect(priced.needsApproval).toBe(false);
    expect(priced.fee).toBeGreaterThan(0n);
    const before = await balance(tokens.usd);
    const w = wallet();
    const outcome = await runSwap(ctx, priced, w.run);
    expect(outcome).toMatchObject({ kind: 'done', pending: false, bought: priced.quote.buyAmount });
    expect((await balance(tokens.usd)) - before).toBe(priced.quote.buyAmount);
    expect(w.phases).toEqual(['swap', 'swapping']);
    expect([w.prompts(), w.settled()]).toEqual([1, 1]);
  });

  it('tUSD → ETH with a short allowance: the approval of exactly the amount, then the swap; nothing left approved', async () => {
    await client().request({ method: 'eth_sendTransaction' as 'eth_call', params: [{ from: trader, to: tokens.usd, data: encodeMint(2_000_000_000n) }] as never });
    const priced = await priceSwap(ctx, request(tokens.usd, NATIVE_TOKEN, 1_000_000_000n));
    expect(priced.needsApproval).toBe(true);
    const w = wallet();
    const outcome = await runSwap(ctx, priced, w.run);
    expect(outcome).toMatchObject({ kind: 'done', pending: false, bought: priced.quote.buyAmount });
    expect(w.phases).toEqual(['approve', 'approving', 'swap', 'swapping']);
    expect(await client().readContract({ address: tokens.usd, abi: ERC20, functionName: 'allowance', args: [trader, priced.quote.spender as Hex] })).toBe(0n);
  });

  it('an approval the user refuses goes back to the review, still needing it, and nothing is sent', async () => {
    const priced = await priceSwap(ctx, request(tokens.usd, NATIVE_TOKEN, 500_000_000n));
    const sent = await nonce();
    const outcome = await runSwap(ctx, priced, wallet(() => rejected()).run);
    expect(outcome).toMatchObject({ kind: 'failed', failure: 'approvalRejected', priced: { needsApproval: true } });
    expect(await nonce()).toBe(sent);
  });

  it('a refused swap (after a confirmed approval) says so and no longer asks for the approval', async () => {
    const priced = await priceSwap(ctx, request(tokens.usd, NATIVE_TOKEN, 300_000_000n));
    const outcome = await runSwap(ctx, priced, wallet((_, count) => (count === 2 ? rejected() : undefined)).run);
    expect(outcome).toMatchObject({ kind: 'failed', failure: 'rejected', priced: { needsApproval: false } });
  });

  it('an expired quote is asked for again and shown, with nothing sent', async () => {
    const priced = await priceSwap(ctx, request(NATIVE_TOKEN, tokens.usd, parseEther('0.1')));
    const sent = await nonce();
    const w = wallet();
    const outcome = await runSwap(ctx, { ...priced, expiresAt: Date.now() - 1 }, w.run);
    expect(outcome.kind).toBe('requoted');
    expect((outcome as { priced: PricedQuote }).priced.expiresAt).toBeGreaterThan(Date.now());
    expect([w.phases, w.prompts(), await nonce()]).toEqual([['quote'], 0, sent]);
  });

  it('pools moved past the minimum since the quote: "would revert", nothing sent, and the quote marked expired', async () => {
    const priced = await priceSwap(ctx, request(NATIVE_TOKEN, tokens.ptk, parseEther('1')));
    // Someone else buys PTK first, moving the price far more than 1 %.
    expect(await runSwap(ctx, await priceSwap(ctx, request(NATIVE_TOKEN, tokens.ptk, parseEther('20'))), wallet().run)).toMatchObject({ kind: 'done' });
    const sent = await nonce();
    const outcome = await runSwap(ctx, priced, wallet().run);
    expect(outcome).toMatchObject({ kind: 'failed', failure: 'wouldRevert', priced: { expiresAt: 0 } });
    expect(await nonce()).toBe(sent);
  });

  it('stops before the first prompt once the user left', async () => {
    const priced = await priceSwap(ctx, request(NATIVE_TOKEN, tokens.usd, parseEther('0.1')));
    const w = wallet();
    expect(await runSwap(ctx, priced, { ...w.run, stopped: () => true })).toEqual({ kind: 'stopped' });
    expect(w.prompts()).toBe(0);
  });
});

describe('what the balances cannot pay', () => {
  const priced = (sellToken: string, sellAmount: bigint, fee: bigint | undefined) => ({ quote: { request: { sellToken, sellAmount } }, fee }) as unknown as PricedQuote;
  it('checks the amount, the amount with the fee for the native currency, and the fee for a token; unknown balances are not refused', () => {
    const usd = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(shortfall(priced(NATIVE_TOKEN, 10n, 1n), 10n, 10n)).toBe('withFee');
    expect(shortfall(priced(NATIVE_TOKEN, 10n, 1n), 11n, 11n)).toBeUndefined();
    expect(shortfall(priced(NATIVE_TOKEN, 12n, undefined), 11n, 11n)).toBe('balance');
    expect(shortfall(priced(usd, 5n, 3n), 5n, 2n)).toBe('fee');
    expect(shortfall(priced(usd, 6n, 0n), 5n, 2n)).toBe('balance');
    expect(shortfall(priced(usd, 6n, 3n), undefined, undefined)).toBeUndefined();
  });

  it('Max keeps a hundredth of the native currency for gas, nothing of a token; the pickers list each contract once', () => {
    const [native] = swapTokens(network, undefined);
    expect(maxSellAmount(parseEther('1'), native!)).toBe(parseEther('0.99'));
    expect(maxSellAmount(parseEther('0.001'), native!)).toBe(0n);
    expect(maxSellAmount(7n, { address: tokens.usd, symbol: 'tUSD', name: 'Test USD', decimals: 6 })).toBe(7n);
    const held = [tokens.usd, tokens.usd.toLowerCase(), 'not-an-address'].map((address) => ({ address, name: 'Test USD', symbol: 'tUSD', chainId: network.caipNetworkId, quantity: { decimals: 6, numeric: '1' } }));
    expect(swapTokens(network, held).map((t) => t.address)).toEqual([NATIVE_TOKEN, tokens.usd]);
    // An image from the token list fills in what the wallet gave none for; the wallet's own wins.
    const listed = { ...network, tokens: [{ address: tokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6, iconUrl: 'data:image/svg+xml,list' }] };
    expect(swapTokens(listed, held)[1]!.iconUrl).toBe('data:image/svg+xml,list');
    expect(swapTokens({ ...network, imageUrl: 'https://x.example/eth.svg' }, [{ ...held[0]!, iconUrl: 'https://x.example/usd.png' }]).map((t) => t.iconUrl)).toEqual(['https://x.example/eth.svg', 'https://x.example/usd.png']);
  });

  it('fiat values come from the wallet’s prices (EIP-7811 metadata); without a usable price there is none', () => {
    const held = [
      { name: 'Ether', symbol: 'ETH', chainId: network.caipNetworkId, quantity: { decimals: 18, numeric: '2' }, price: 3000 },
      { address: tokens.usd, name: 'Test USD', symbol: 'tUSD', chainId: network.caipNetworkId, quantity: { decimals: 6, numeric: '1' }, price: 1 },
      { address: tokens.ptk, name: 'Portico Token', symbol: 'PTK', chainId: network.caipNetworkId, quantity: { decimals: 18, numeric: '1' }, price: Number.NaN },
    ];
    const [eth, usd, ptk] = swapTokens(network, held);
    expect([eth!.price, usd!.price, ptk!.price]).toEqual([3000, 1, undefined]);
    expect(fiatValue(parseEther('0.5'), eth)).toBe(1500);
    expect(fiatValue(2_500_000n, usd)).toBe(2.5);
    expect(fiatValue(parseEther('1'), ptk)).toBeUndefined();
    expect(fiatValue(undefined, eth)).toBeUndefined();
    // A price the wallet reports with a listed token (the list has none) is kept.
    const listed = { ...network, tokens: [{ address: tokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6 }] };
    expect(swapTokens(listed, held)[1]!.price).toBe(1);
  });

  it('picking a side’s token: the other side keeps its own, or takes the picked side’s old one when they would be the same', () => {
    const [a, b, c] = ['0x' + 'a'.repeat(40), '0x' + 'b'.repeat(40), '0x' + 'c'.repeat(40)];
    expect(pickToken('sell', c, a, b)).toEqual({ sell: c, buy: b });
    expect(pickToken('sell', b.toUpperCase().replace('0X', '0x'), a, b)).toEqual({ sell: b.toUpperCase().replace('0X', '0x'), buy: a });
    expect(pickToken('buy', a, a, b)).toEqual({ sell: b, buy: a });
    expect(pickToken('buy', c, a, b)).toEqual({ sell: a, buy: c });
  });
});

function encodeMint(amount: bigint): Hex {
  return `0x40c10f19${trader.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
