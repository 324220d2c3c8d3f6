import { deployTestTokens, deployUniswapV2, startAnvil, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import type { Network } from '@portico/kernel';
import { fetchPublicJson } from '@portico/kernel/http';
import { createOneInchProvider, NATIVE_TOKEN, type SwapIo } from '@portico/plugin-swaps';
import { loadContract } from '@portico/tools/contracts';
import { createPublicClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSwapAggregator, type SwapAggregator } from './createSwapAggregator';

// Both sides of the 1inch integration held to 1inch's own OpenAPI document (tools/contracts/1inch-swap):
// the stand-in's answers, and the requests the Swaps plugin's provider makes.
const contract = loadContract('1inch-swap');
const KEY = 'contract-test-key';
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let anvil: AnvilNode;
let tokens: TestTokens;
let api: SwapAggregator;
let network: Network;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  const uni = await deployUniswapV2(anvil.url, tokens);
  // Strict, at a rate the requests below stay under (one at a time).
  api = await startSwapAggregator({ rpcUrl: anvil.url, router: uni.router, weth: uni.weth, apiKey: KEY, strict: true, rps: 50 });
  network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await anvil?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function answer(path: string) {
  await sleep(25);
  const url = `${api.url}/swap/v6.0/${anvil.chainId}/${path}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  return { url, status: response.status, body: (await response.json()) as unknown };
}

describe('the 1inch stand-in against 1inch’s OpenAPI document', () => {
  it('every endpoint’s answer, and the documented errors, have the published shapes', async () => {
    const one = parseEther('1').toString();
    const answers = [
      await answer(`quote?src=${NATIVE_TOKEN}&dst=${tokens.usd}&amount=${one}`),
      await answer(`swap?src=${NATIVE_TOKEN}&dst=${tokens.usd}&amount=${one}&from=${ACCOUNT}&origin=${ACCOUNT}&slippage=1`),
      await answer(`swap?src=${tokens.usd}&dst=${NATIVE_TOKEN}&amount=1000000&from=${ACCOUNT}&origin=${ACCOUNT}&slippage=0.5&disableEstimate=true`),
      await answer('approve/spender'),
      await answer(`approve/allowance?tokenAddress=${tokens.usd}&walletAddress=${ACCOUNT}`),
      await answer(`approve/transaction?tokenAddress=${tokens.usd}&amount=1000000`),
      // The documented 400s: no liquidity, a bad slippage.
      await answer(`quote?src=${NATIVE_TOKEN}&dst=${tokens.dust}&amount=${one}`),
      await answer(`swap?src=${NATIVE_TOKEN}&dst=${tokens.usd}&amount=${one}&from=${ACCOUNT}&origin=${ACCOUNT}&slippage=70`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 400, 400]);
    for (const a of answers) expect(contract.checkResponse(a), a.url).toEqual([]);
  });

  it('the checker is not a rubber stamp: it finds a missing field, a wrong type, an undocumented status and an unknown path', () => {
    const url = `${api.url}/swap/v6.0/1/swap`;
    const tx = { from: ACCOUNT, to: ACCOUNT, data: '0x', value: '0', gasPrice: '1' };
    expect(contract.checkResponse({ url, status: 200, body: { dstAmount: '1', tx } })).toEqual([expect.stringContaining("must have required property 'gas'")]);
    expect(contract.checkResponse({ url, status: 200, body: { dstAmount: 1, tx: { ...tx, gas: 1 } } })).toEqual([expect.stringContaining('/dstAmount must be string')]);
    expect(contract.checkResponse({ url, status: 403, body: {} })).toEqual([expect.stringContaining('status 403 is not one the contract lists')]);
    expect(contract.checkRequest({ url: `${api.url}/swap/v6.0/1/approve/unlimited` })).toEqual([expect.stringContaining('not in the contract')]);
    expect(contract.checkRequest({ url: `${url}?src=a&dst=b&amount=1&from=c&slippage=70&sneaky=1` })).toEqual([
      expect.stringContaining('unknown query parameter "sneaky"'),
      expect.stringContaining('required query parameter "origin" missing'),
      expect.stringContaining('"slippage"="70": /value must be <= 50'),
    ]);
  });
});

describe('the Swaps plugin’s 1inch provider against 1inch’s OpenAPI document', () => {
  it('every request it makes (quote, spender, approval, swap) is a documented path with its required parameters and no other', async () => {
    const asked: string[] = [];
    const reader = createPublicClient({ transport: http(anvil.url) });
    const io: SwapIo = {
      rpc: (method, params) => reader.request({ method: method as 'eth_call', params: params as never }),
      json: (url, init) => (asked.push(url), fetchPublicJson(url, init)),
    };
    const provider = createOneInchProvider({ url: api.url, apiKey: KEY, rps: 20 }, [network.caipNetworkId]);
    const request = (sellToken: string, buyToken: string, sellAmount: bigint) => ({ network, chainId: anvil.chainId, account: ACCOUNT, sellToken, buyToken, sellAmount, slippageBps: 50 });
    const native = await provider.quote(request(NATIVE_TOKEN, tokens.usd, parseEther('0.5')), io);
    await provider.buildSwap(native, io);
    const token = await provider.quote(request(tokens.usd, tokens.ptk, 1_000_000n), io);
    await provider.approval(token, io);
    await provider.buildSwap(token, io);
    expect(asked.map((url) => new URL(url).pathname.split('/').slice(4).join('/'))).toEqual(['approve/spender', 'quote', 'swap', 'quote', 'approve/transaction', 'swap']);
    for (const url of asked) expect(contract.checkRequest({ url }), url).toEqual([]);
  });
});
