import { chainAdapterRef, createKernel, createMemoryStorage, type ActivityPage, type Kernel, type Network } from '@portico/kernel';
import { loadContract } from '@portico/tools/contracts';
import { address as bitcoinAddress, Psbt } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bitcoinNetworkOf } from '../bitcoin/bitcoinjsNetworks';
import { BIP122_NETWORK_IDS } from '../bitcoin/networks';
import type { createBip122Adapter } from '../createBip122Adapter';
import { defineBitcoinRegtest } from '../networks';
import { createBip122Plugin } from '../plugin';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from './index';
import { startEsploraServer, type EsploraServer } from './esploraServer';

// Both sides of the Esplora integration held to the contract written from Esplora's API.md
// (tools/contracts/esplora): every request the bip122 plugin makes, through its real code paths,
// and every answer the local stand-in gives, to the plugin and to direct requests.
const contract = loadContract('esplora');
const REGTEST = BIP122_NETWORK_IDS.regtest;
const UNKNOWN_TXID = `${'00'.repeat(31)}01`;

/** One request to the stand-in and its answer, as the client sent and received them. */
interface Exchange {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string | undefined;
  status: number;
  responseType: string | undefined;
  response: unknown;
}

type Adapter = ReturnType<typeof createBip122Adapter>;
type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> };
const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
const ME = wallet.paymentAddress;
let server: EsploraServer;
let network: Network;
let kernel: Kernel;
let adapter: Adapter;
const exchanges: Exchange[] = [];

/** An answer's body as a client reads it: JSON parsed, anything else as its text. */
async function bodyOf(response: Response): Promise<{ responseType: string | undefined; response: unknown }> {
  const responseType = response.headers.get('content-type') ?? undefined;
  const text = await response.clone().text();
  return { responseType, response: responseType?.startsWith('application/json') ? JSON.parse(text) : text };
}

beforeAll(async () => {
  server = await startEsploraServer();
  network = defineBitcoinRegtest(server.url);
  // Every fetch the plugin makes (its own, psbt.ts's and the kernel's HTTP client's) is recorded with its answer.
  const realFetch = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await realFetch(input, init);
    if (!url.startsWith(server.url)) return response;
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = init?.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : '(a body that is not text)';
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    exchanges.push({ method, url, contentType: headers.get('content-type') ?? undefined, body, status: response.status, ...(await bodyOf(response)) });
    return response;
  });
  kernel = createKernel({ plugins: [createBip122Plugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
  adapter.addWallet(wallet.wallet);
  await adapter.connect('ws:portico-bitcoin-test-wallet');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await kernel?.dispose();
  await server?.stop();
});

/** The contract's path of a request to the stand-in (its txids and addresses as the path's parameters). */
const specPath = (url: string) =>
  new URL(url).pathname
    .replace(/^\/address\/[^/]+/, '/address/{address}')
    .replace(/\/txs\/chain\/[0-9a-f]{64}$/, '/txs/chain/{last_seen_txid}')
    .replace(/^\/tx\/[0-9a-f]{64}/, '/tx/{txid}');
const operations = () => Object.entries((contract.doc as { paths: Record<string, object> }).paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
const answerViolations = (e: Exchange) => contract.checkResponse({ method: e.method, url: e.url, status: e.status, body: e.response, contentType: e.responseType });
const violations = (e: Exchange) => [...contract.checkRequest({ method: e.method, url: e.url, contentType: e.contentType, body: e.body }), ...answerViolations(e)];

describe('the bip122 plugin and the local Esplora against the contract from Esplora’s API.md', () => {
  it('every request the plugin makes (balance, UTXOs, fees, broadcast, status, activity, approval reads) is a documented one, and every answer it gets has the documented shape', async () => {
    exchanges.length = 0;
    const provider = adapter.getProvider!() as Provider;
    const caip = `${REGTEST}:${ME}`;
    // Thirty confirmed coins, so that the activity has a second page.
    for (let i = 1; i <= 30; i++) server.fund(ME, BigInt(100_000 * i));

    await adapter.getBalance!(caip, network);
    await adapter.estimateTransfer!({ to: wallet.ordinalsAddress, amount: 50_000n }, network);
    const txid = await adapter.sendTransfer!({ to: wallet.ordinalsAddress, amount: 50_000n }, network);
    await expect(adapter.transferStatus!(txid, network)).resolves.toBe('pending');
    server.mine();
    await expect(adapter.transferStatus!(txid, network)).resolves.toBe('confirmed');
    await expect(adapter.transferStatus!(UNKNOWN_TXID, network)).resolves.toBe('dropped');
    const first = (await adapter.getActivity!(caip, network)) as ActivityPage;
    expect(first.next).toMatch(/^[0-9a-f]{64}$/);
    await adapter.getActivity!(caip, network, first.next);

    // The approval view's reads: a PSBT input without its previous output (read as /tx/:txid/hex), the balance, the fee rate.
    const coin = server.fund(ME, 80_000n);
    const bare = new Psbt({ network: bitcoinNetworkOf(REGTEST) });
    bare.addInput({ hash: coin.txid, index: coin.vout });
    bare.addOutput({ address: wallet.ordinalsAddress, value: 70_000n });
    await adapter.describeApproval!({ method: 'signPsbt', params: { psbt: bare.toBase64(), signInputs: [{ address: ME, index: 0 }], broadcast: false } }, { network, account: ME, locale: 'en' });
    await adapter.describeApproval!({ method: 'sendTransfer', params: { recipientAddress: wallet.ordinalsAddress, amount: '40000' } }, { network, account: ME, locale: 'en' });

    // A broadcast the node refuses (the same transaction twice): Esplora's 400 with the reason as text.
    const psbt = new Psbt({ network: bitcoinNetworkOf(REGTEST) });
    psbt.addInput({ hash: coin.txid, index: coin.vout, witnessUtxo: { script: bitcoinAddress.toOutputScript(ME, bitcoinNetworkOf(REGTEST)), value: 80_000n } });
    psbt.addOutput({ address: wallet.ordinalsAddress, value: 79_000n });
    const signPsbt = () => provider.request({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: [{ address: ME, index: 0 }], broadcast: true } });
    await expect(signPsbt()).resolves.toMatchObject({ txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await expect(signPsbt()).rejects.toMatchObject({ code: 'bip122/invalid-response', message: expect.stringContaining('400: txn-already-in-mempool') });

    // Exactly the contract's operations, each one met, and nothing else.
    expect(new Set(exchanges.map((e) => `${e.method} ${specPath(e.url)}`))).toEqual(new Set(operations()));
    expect(exchanges.map((e) => e.status).sort()).toEqual(expect.arrayContaining([200, 400, 404]));
    for (const e of exchanges) expect(violations(e), `${e.method} ${e.url} → ${e.status}`).toEqual([]);
    expect(exchanges.find((e) => e.method === 'POST')).toMatchObject({ contentType: 'text/plain', body: expect.stringMatching(/^(?:[0-9a-f]{2})+$/), responseType: expect.stringMatching(/^text\/plain/) });
  });

  it('the stand-in answers each documented request, and the documented errors, in the documented shapes', async () => {
    const other = 'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x';
    const { txid } = server.fund(wallet.ordinalsAddress, 25_000n);
    const answer = async (path: string, init?: RequestInit): Promise<Exchange> => {
      const response = await fetch(`${server.url}${path}`, init);
      const contentType = new Headers(init?.headers).get('content-type') ?? undefined;
      return { method: init?.method ?? 'GET', url: `${server.url}${path}`, contentType, body: init?.body as string | undefined, status: response.status, ...(await bodyOf(response)) };
    };
    const answers = [
      await answer(`/address/${wallet.ordinalsAddress}`),
      await answer(`/address/${wallet.ordinalsAddress}/utxo`),
      await answer(`/address/${wallet.ordinalsAddress}/txs`),
      await answer(`/address/${ME}/txs/chain/${txid}`),
      await answer(`/address/${other}/txs/chain/${UNKNOWN_TXID}`),
      await answer(`/tx/${txid}`),
      await answer(`/tx/${txid}/hex`),
      await answer('/fee-estimates'),
      // The errors, as text: a bad address, another network's address, a bad txid, an unknown one, refused broadcasts.
      await answer('/address/notanaddress00000'),
      await answer('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/utxo'),
      await answer('/tx/ABCD'),
      await answer(`/tx/${UNKNOWN_TXID}`),
      await answer(`/tx/${UNKNOWN_TXID}/hex`),
      await answer('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '0200000001' }),
      await answer('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'zz' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400, 400, 400, 404, 404, 400, 400]);
    expect(answers.slice(8).every((a) => a.responseType?.startsWith('text/plain'))).toBe(true);
    for (const a of answers) expect(answerViolations(a), `${a.method} ${a.url} → ${a.status}`).toEqual([]);
  });

  it('the checker is not a rubber stamp: a missing or undocumented field, a wrong type or media type, an unknown path or status, a bad parameter or body all fail', () => {
    const t = 'ab'.repeat(32);
    const url = (path: string) => `${server.url}${path}`;
    const status = { confirmed: true, block_height: 5, block_hash: t, block_time: 1_700_000_000 };
    const stats = { tx_count: 1, funded_txo_count: 1, funded_txo_sum: 5, spent_txo_count: 0, spent_txo_sum: 0 };
    const utxo = url(`/address/${ME}/utxo`);
    expect(contract.checkResponse({ url: utxo, status: 200, body: [{ txid: t, vout: 0, value: 5, status }] })).toEqual([]);
    expect(contract.checkResponse({ url: utxo, status: 200, body: [{ txid: t, vout: 0, value: 5 }] })).toEqual([expect.stringContaining("must have required property 'status'")]);
    expect(contract.checkResponse({ url: utxo, status: 200, body: [{ txid: t, vout: 0, value: '5', status }] })).toEqual([expect.stringContaining('/0/value must be integer')]);
    expect(contract.checkResponse({ url: utxo, status: 200, body: [{ txid: t, vout: 0, value: 5, status: { confirmed: true } }] })[0]).toContain("must have required property 'block_height'");
    expect(contract.checkResponse({ url: url(`/address/${ME}`), status: 200, body: { address: ME, chain_stats: stats, mempool_stats: { ...stats, funded_txo_sum: undefined } } })).toEqual([expect.stringContaining("/mempool_stats must have required property 'funded_txo_sum'")]);
    expect(contract.checkResponse({ url: url(`/address/${ME}`), status: 200, body: { address: ME, chain_stats: stats, mempool_stats: stats, balance: 5 } })).toEqual([expect.stringContaining('must NOT have additional properties')]);
    expect(contract.checkResponse({ url: url('/fee-estimates'), status: 200, body: { 6: '2.5' } })).toEqual([expect.stringContaining('/6 must be number')]);
    expect(contract.checkResponse({ method: 'POST', url: url('/tx'), status: 200, body: { txid: t }, contentType: 'application/json' })).toEqual([expect.stringContaining('answered as "application/json", not text/plain')]);
    expect(contract.checkResponse({ method: 'POST', url: url('/tx'), status: 200, body: `${t}\n` })).toEqual([expect.stringContaining('must match pattern')]);
    expect(contract.checkResponse({ url: url(`/tx/${t}`), status: 500, body: 'boom' })).toEqual([expect.stringContaining('status 500 is not one the contract lists')]);
    // Paths Portico does not use (the status endpoint it left, a balance endpoint Esplora does not have) are not in it.
    expect(contract.checkRequest({ url: url(`/tx/${t}/status`) })).toEqual([expect.stringContaining('not in the contract')]);
    expect(contract.checkRequest({ url: url(`/address/${ME}/balance`) })).toEqual([expect.stringContaining('not in the contract')]);
    expect(contract.checkRequest({ url: url(`/address/${REGTEST}:${ME}/utxo`) })).toEqual([expect.stringContaining('path parameter "address"')]);
    expect(contract.checkRequest({ url: url(`/tx/${t}/hex?verbose=1`) })).toEqual([expect.stringContaining('unknown query parameter "verbose"')]);
    expect(contract.checkRequest({ url: url('/tx/1234/hex') })).toEqual([expect.stringContaining('path parameter "txid"="1234"')]);
    expect(contract.checkRequest({ method: 'POST', url: url('/tx') })).toEqual([expect.stringContaining('required body missing')]);
    expect(contract.checkRequest({ method: 'POST', url: url('/tx'), contentType: 'application/json', body: '"00"' })).toEqual([expect.stringContaining('a body sent as "application/json", not text/plain')]);
    expect(contract.checkRequest({ method: 'POST', url: url('/tx'), contentType: 'text/plain', body: 'not hex' })).toEqual([expect.stringContaining('body: (body) must match pattern')]);
    expect(contract.checkRequest({ url: url(`/address/${ME}`), contentType: 'text/plain', body: 'x' })).toEqual([expect.stringContaining('a body the contract does not take')]);
    // And the public services' URLs: the same paths under /api.
    expect(contract.checkRequest({ url: `https://blockstream.info/api/address/${ME}/utxo` })).toEqual([]);
    expect(contract.checkRequest({ url: `https://blockstream.info/testnet/api/tx/${t}/hex` })).toEqual([]);
  });
});
