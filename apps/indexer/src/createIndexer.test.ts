import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1 } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, testContract, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';

let anvil: AnvilNode;
let indexer: Indexer;
let tokens: TestTokens;
const me = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const other = privateKeyToAccount(ANVIL_ACCOUNT_1.privateKey).address;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20 });
}, 30_000);
afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
});

async function wallet() {
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const client = createWalletClient({ account: me, chain, transport: http(anvil.url) });
  const reader = createPublicClient({ chain, transport: http(anvil.url) });
  const mined = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await indexer.synced(receipt.blockNumber);
    return receipt;
  };
  return { client, mined };
}

const api = async (query: Record<string, string>, init?: RequestInit) => {
  const response = await fetch(`${indexer.apiUrl}?${new URLSearchParams(query)}`, init);
  return { response, body: (await response.json()) as { status: string; message: string; result: Record<string, string>[] | string } };
};

describe('the local indexer: the Etherscan account API over anvil', () => {
  it('lists an Ether transfer in txlist for both sides, with Etherscan’s fields as strings', async () => {
    const { client, mined } = await wallet();
    const receipt = await mined(await client.sendTransaction({ to: other, value: parseEther('0.25') }));
    const { body } = await api({ module: 'account', action: 'txlist', address: other, sort: 'desc' });
    expect(body).toMatchObject({ status: '1', message: 'OK' });
    const [row] = body.result as Record<string, string>[];
    expect(row).toMatchObject({
      hash: receipt.transactionHash,
      blockNumber: String(receipt.blockNumber),
      from: me.address.toLowerCase(),
      to: other.toLowerCase(),
      value: '250000000000000000',
      isError: '0',
      txreceipt_status: '1',
      contractAddress: '',
      input: '0x',
      confirmations: '1',
    });
    expect(row!.timeStamp).toMatch(/^\d{10}$/);
    expect(Object.values(row!).every((v) => typeof v === 'string')).toBe(true);
    // The explorer link the modal makes: the transaction as indexed.
    expect(await (await fetch(`${indexer.url}/tx/${receipt.transactionHash}`)).json()).toMatchObject({ hash: receipt.transactionHash, value: '250000000000000000' });
    expect((await fetch(`${indexer.url}/tx/0x${'0'.repeat(64)}`)).status).toBe(404);
    // The sender sees it too, with the token deployments before it.
    const mine = await api({ module: 'account', action: 'txlist', address: me.address, sort: 'asc' });
    expect((mine.body.result as Record<string, string>[]).map((r) => r.contractAddress)).toEqual([tokens.usd, tokens.ptk, tokens.dust, tokens.ducks, tokens.badges, ''].map((a) => a.toLowerCase()));
  });

  it('lists ERC-20, ERC-721 and ERC-1155 transfers with the token’s name, symbol and decimals', async () => {
    const { client, mined } = await wallet();
    await mined(await client.writeContract({ address: tokens.usd, abi: testContract('TestToken').abi, functionName: 'transfer', args: [other, 1_500_000n] }));
    await mined(await client.writeContract({ address: tokens.ducks, abi: testContract('TestCollectible').abi, functionName: 'transferFrom', args: [me.address, other, 2n] }));
    await mined(await client.writeContract({ address: tokens.badges, abi: testContract('TestMultiToken').abi, functionName: 'safeTransferFrom', args: [me.address, other, 1n, 2n, '0x'] }));
    const erc20 = await api({ module: 'account', action: 'tokentx', address: other });
    expect(erc20.body.result).toMatchObject([{ from: me.address.toLowerCase(), to: other.toLowerCase(), value: '1500000', tokenName: 'Test USD', tokenSymbol: 'tUSD', tokenDecimal: '6', contractAddress: tokens.usd.toLowerCase() }]);
    const nft = await api({ module: 'account', action: 'tokennfttx', address: other });
    expect(nft.body.result).toMatchObject([{ tokenID: '2', tokenName: 'Portico Ducks', tokenSymbol: 'DUCK', tokenDecimal: '0' }]);
    const multi = await api({ module: 'account', action: 'token1155tx', address: other });
    expect(multi.body.result).toMatchObject([{ tokenID: '1', tokenValue: '2', from: me.address.toLowerCase(), operator: me.address.toLowerCase() }]);
    // Mints (from the zero address) count for the deployer: 5 ERC-20 transfers before this one.
    const minted = await api({ module: 'account', action: 'tokentx', address: me.address, contractaddress: tokens.dust });
    expect(minted.body.result).toMatchObject([{ from: '0x0000000000000000000000000000000000000000', value: '1000', tokenDecimal: '0', tokenSymbol: 'DUST' }]);
  });

  it('pages and sorts like Etherscan, and answers an address with nothing as "No transactions found"', async () => {
    const { client, mined } = await wallet();
    const fresh = '0x00000000000000000000000000000000000a11ce';
    for (let i = 1; i <= 5; i++) await mined(await client.sendTransaction({ to: fresh, value: BigInt(i) }));
    const page = (p: number) => api({ module: 'account', action: 'txlist', address: fresh, page: String(p), offset: '2', sort: 'desc' });
    const values = await Promise.all([1, 2, 3].map(async (p) => ((await page(p)).body.result as Record<string, string>[]).map((r) => r.value)));
    expect(values).toEqual([['5', '4'], ['3', '2'], ['1']]);
    expect((await page(4)).body).toEqual({ status: '0', message: 'No transactions found', result: [] });
    expect((await api({ module: 'account', action: 'txlist', address: '0x000000000000000000000000000000000000dead' })).body).toEqual({ status: '0', message: 'No transactions found', result: [] });
  });

  it('refuses bad queries the way Etherscan does: status "0", NOTOK and the reason', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ module: 'account', action: 'txlist', address: '0x123' }, 'Error! Invalid address format'],
      [{ module: 'account', action: 'balancemulti', address: other }, 'Error! Missing Or invalid Action name'],
      [{ module: 'proxy', action: 'txlist', address: other }, 'Error! Missing Or invalid Module name'],
      [{ module: 'account', action: 'txlist', address: other, page: '-1' }, 'Error! Invalid page, offset, startblock or endblock'],
      [{ module: 'account', action: 'txlist', address: other, page: '2', offset: '10000' }, 'Result window is too large, PageNo x Offset size must be less than or equal to 10000'],
      [{ module: 'account', action: 'txlist', address: other, sort: 'up' }, 'Error! Invalid sort order'],
    ];
    for (const [query, reason] of cases) expect((await api(query)).body).toEqual({ status: '0', message: 'NOTOK', result: reason });
    expect((await fetch(`${indexer.url}/nothing`)).status).toBe(404);
    expect((await fetch(indexer.apiUrl, { method: 'POST' })).status).toBe(405);
  });

  it('without strict mode, serves /v2/api as /api, with neither key nor chain (strictMode.test.ts has the real checks)', async () => {
    const response = await fetch(`${indexer.url}/v2/api?module=account&action=txlist&address=${other}`);
    expect(await response.json()).toMatchObject({ status: '1', message: 'OK' });
    expect(indexer.apiUrl).toBe(`${indexer.url}/api`);
  });

  it('allows loopback origins by CORS and refuses others', async () => {
    const query = { module: 'account', action: 'txlist', address: other };
    const allowed = await api(query, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(allowed.response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const refused = await api(query, { headers: { origin: 'https://evil.example' } });
    expect(refused.response.status).toBe(403);
  });
});
