import { crypto, payments, Psbt, script, Transaction } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hex } from '@scure/base';
import { ensureBitcoinEcc } from '../bitcoin/ecc';
import { networkParamsOf } from '../bitcoin/bitcoinjsNetworks';
import { ECPair, signP2wpkhInput } from './signers';
import { startEsploraServer, type EsploraServer } from './esploraServer';

ensureBitcoinEcc();
const network = networkParamsOf('regtest');

type KeyPair = ReturnType<typeof ECPair.makeRandom>;
const newWallet = () => {
  const key = ECPair.makeRandom({ network });
  const internalPubkey = key.publicKey.subarray(1, 33);
  return {
    key,
    p2wpkh: payments.p2wpkh({ pubkey: key.publicKey, network }),
    p2tr: payments.p2tr({ internalPubkey, network }),
    tweaked: key.tweak(crypto.taggedHash('TapTweak', internalPubkey)),
    internalPubkey,
  };
};

/** Builds, signs and finalises a one-input spend with bitcoinjs-lib's PSBT, and returns its hex. */
function spend(input: { txid: string; vout: number; script: Uint8Array; value: bigint }, outputs: { address: string; value: bigint }[], signer: KeyPair, internalPubkey?: Uint8Array): string {
  const psbt = new Psbt({ network });
  psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value }, ...(internalPubkey ? { tapInternalKey: internalPubkey } : {}) });
  for (const output of outputs) psbt.addOutput(output);
  psbt.signInput(0, signer);
  psbt.finalizeAllInputs();
  return psbt.extractTransaction(true).toHex();
}

describe('startEsploraServer', () => {
  let server: EsploraServer;
  const get = async (path: string) => fetch(`${server.url}${path}`);
  const getJson = async <T = Record<string, unknown>>(path: string): Promise<T> => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as T;
  };
  const post = async (body: string) => {
    const response = await fetch(`${server.url}/tx`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
  };

  beforeAll(async () => {
    server = await startEsploraServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('listens on 127.0.0.1 and serves the tip and fee estimates', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const height = Number(await (await get('/blocks/tip/height')).text());
    expect(height).toBeGreaterThanOrEqual(0);
    expect(await (await get('/blocks/tip/hash')).text()).toMatch(/^[0-9a-f]{64}$/);
    const fees = await getJson<Record<string, number>>('/fee-estimates');
    expect(Object.keys(fees).map(Number).sort((a, b) => a - b)).toEqual([...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008]);
    expect(fees['1']!).toBeGreaterThan(fees['1008']!);
    expect(fees['1008']!).toBeGreaterThanOrEqual(1);
  });

  it('funds an address in a new block: balance, stats, utxo, history and raw hex', async () => {
    const wallet = newWallet();
    const before = Number(await (await get('/blocks/tip/height')).text());
    const { txid, vout } = server.fund(wallet.p2wpkh.address!, 100_000n);
    expect(Number(await (await get('/blocks/tip/height')).text())).toBe(before + 1);
    expect(server.balance(wallet.p2wpkh.address!)).toBe(100_000n);

    const info = await getJson(`/address/${wallet.p2wpkh.address}`);
    expect(info).toEqual({
      address: wallet.p2wpkh.address,
      chain_stats: { tx_count: 1, funded_txo_count: 1, funded_txo_sum: 100_000, spent_txo_count: 0, spent_txo_sum: 0 },
      mempool_stats: { tx_count: 0, funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0 },
    });
    const utxos = await getJson<{ txid: string; vout: number; value: number; status: { confirmed: boolean; block_height: number } }[]>(`/address/${wallet.p2wpkh.address}/utxo`);
    expect(utxos).toEqual([{ txid, vout, value: 100_000, status: expect.objectContaining({ confirmed: true, block_height: before + 1 }) }]);

    const rawHex = await (await get(`/tx/${txid}/hex`)).text();
    const tx = Transaction.fromHex(rawHex);
    expect(tx.getId()).toBe(txid);
    expect(tx.isCoinbase()).toBe(true);
    expect(hex.encode(tx.outs[0]!.script)).toBe(hex.encode(wallet.p2wpkh.output!));

    const view = await getJson<{ vout: { scriptpubkey_address: string; scriptpubkey_type: string; value: number }[]; vin: { is_coinbase: boolean }[]; status: { confirmed: boolean } }>(`/tx/${txid}`);
    // The asm as electrs writes it (rust-bitcoin's opcode names, pushes with their sizes).
    expect(view.vout[0]).toMatchObject({ scriptpubkey_address: wallet.p2wpkh.address, scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${hex.encode(wallet.p2wpkh.hash!)}`, scriptpubkey_type: 'v0_p2wpkh', value: 100_000 });
    expect(view.vin[0]).toMatchObject({ is_coinbase: true, prevout: null, scriptsig_asm: expect.stringMatching(/^(?:OP_PUSHNUM_\d+|OP_PUSHBYTES_[12] [0-9a-f]+) OP_PUSHBYTES_3 506f72$/) });
    expect((await getJson<{ txid: string }[]>(`/address/${wallet.p2wpkh.address}/txs`)).map((t) => t.txid)).toEqual([txid]);
  });

  it('accepts a signed P2WPKH → P2TR spend into the mempool, confirms it on mine(), and rejects the double spend', async () => {
    const alice = newWallet();
    const bob = newWallet();
    const funding = server.fund(alice.p2wpkh.address!, 100_000n);
    const input = { ...funding, script: alice.p2wpkh.output!, value: 100_000n };
    const hex = spend(input, [{ address: bob.p2tr.address!, value: 60_000n }, { address: alice.p2wpkh.address!, value: 39_000n }], alice.key);

    const accepted = await post(hex);
    expect(accepted).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/plain/) });
    const txid = accepted.text;
    expect(txid).toBe(Transaction.fromHex(hex).getId());

    expect(await getJson(`/tx/${txid}/status`)).toEqual({ confirmed: false });
    const bobInfo = await getJson<{ mempool_stats: { funded_txo_sum: number; tx_count: number }; chain_stats: { tx_count: number } }>(`/address/${bob.p2tr.address}`);
    expect(bobInfo.mempool_stats).toMatchObject({ tx_count: 1, funded_txo_sum: 60_000 });
    expect(bobInfo.chain_stats.tx_count).toBe(0);
    const aliceInfo = await getJson<{ mempool_stats: Record<string, number> }>(`/address/${alice.p2wpkh.address}`);
    expect(aliceInfo.mempool_stats).toMatchObject({ tx_count: 1, funded_txo_sum: 39_000, spent_txo_count: 1, spent_txo_sum: 100_000 });
    expect((await getJson<{ txid: string }[]>(`/address/${bob.p2tr.address}/txs/mempool`)).map((t) => t.txid)).toEqual([txid]);
    expect(server.balance(bob.p2tr.address!)).toBe(60_000n);
    const view = await getJson<{ fee: number; vin: { prevout: { value: number }; witness: string[] }[]; vout: { scriptpubkey_asm: string }[] }>(`/tx/${txid}`);
    expect(view.fee).toBe(1_000);
    expect(view.vin[0]).toMatchObject({ scriptsig: '', scriptsig_asm: '' });
    expect(view.vout[0]!.scriptpubkey_asm).toBe(`OP_PUSHNUM_1 OP_PUSHBYTES_32 ${Buffer.from(bob.p2tr.pubkey!).toString('hex')}`);
    expect(view.vin[0]!.prevout.value).toBe(100_000);
    expect(view.vin[0]!.witness).toHaveLength(2);
    expect(await getJson(`/tx/${funding.txid}/outspend/0`)).toEqual({ spent: true, txid, vin: 0, status: { confirmed: false } });

    const conflicting = spend(input, [{ address: bob.p2tr.address!, value: 90_000n }], alice.key);
    const mempoolConflict = await post(conflicting);
    expect(mempoolConflict.status).toBe(400);
    expect(mempoolConflict.text).toMatch(/txn-mempool-conflict: input 0 is a double spend of .*, already spent by /);
    expect((await post(hex)).text).toBe('txn-already-in-mempool');

    const height = Number(await (await get('/blocks/tip/height')).text());
    server.mine();
    const status = await getJson<{ confirmed: boolean; block_height: number; block_hash: string; block_time: number }>(`/tx/${txid}/status`);
    expect(status).toMatchObject({ confirmed: true, block_height: height + 1 });
    expect(status.block_hash).toBe(await (await get('/blocks/tip/hash')).text());
    expect(status.block_time).toBeGreaterThan(0);
    expect(await getJson(`/tx/${funding.txid}/outspend/0`)).toEqual({ spent: true, txid, vin: 0, status });
    expect(await getJson(`/tx/${txid}/outspend/0`)).toEqual({ spent: false });
    expect((await getJson<{ chain_stats: { funded_txo_sum: number } }>(`/address/${bob.p2tr.address}`)).chain_stats.funded_txo_sum).toBe(60_000);

    const confirmedDoubleSpend = await post(conflicting);
    expect(confirmedDoubleSpend.status).toBe(400);
    expect(confirmedDoubleSpend.text).toMatch(/bad-txns-inputs-missingorspent: input 0 is a double spend of /);
    expect((await post(hex)).text).toMatch(/txn-already-known/);

    // Bob spends his Taproot output back to Alice through the key path.
    const taprootInput = { txid, vout: 0, script: bob.p2tr.output!, value: 60_000n };
    const back = await post(spend(taprootInput, [{ address: alice.p2wpkh.address!, value: 59_500n }], bob.tweaked as KeyPair, bob.internalPubkey));
    expect(back.status).toBe(200);
    server.mine();
    expect(server.balance(bob.p2tr.address!)).toBe(0n);
    expect(server.balance(alice.p2wpkh.address!)).toBe(39_000n + 59_500n);
    const history = await getJson<{ txid: string }[]>(`/address/${alice.p2wpkh.address}/txs`);
    expect(history.map((t) => t.txid)).toEqual([back.text, txid, funding.txid]);
    const page = await getJson<{ txid: string }[]>(`/address/${alice.p2wpkh.address}/txs/chain/${txid}`);
    expect(page.map((t) => t.txid)).toEqual([funding.txid]);
  });

  it('rejects tampered signatures, outputs above inputs, dust and unknown inputs with specific reasons', async () => {
    const alice = newWallet();
    const funding = server.fund(alice.p2wpkh.address!, 50_000n);
    const input = { ...funding, script: alice.p2wpkh.output!, value: 50_000n };

    const tampered = Transaction.fromHex(spend(input, [{ address: alice.p2tr.address!, value: 49_000n }], alice.key));
    tampered.ins[0]!.witness[0]![10]! ^= 0x01;
    const badSignature = await post(tampered.toHex());
    expect(badSignature.status).toBe(400);
    expect(badSignature.text).toMatch(/^mandatory-script-verify-flag-failed \(Input 0: /);

    // A signature by another key over the right sighash, next to Alice's public key.
    const wrongKey = Transaction.fromHex(spend(input, [{ address: alice.p2tr.address!, value: 49_000n }], alice.key));
    const sighash = wrongKey.hashForWitnessV0(0, payments.p2pkh({ hash: alice.p2wpkh.hash! }).output!, 50_000n, Transaction.SIGHASH_ALL);
    wrongKey.ins[0]!.witness[0] = script.signature.encode(ECPair.makeRandom().sign(sighash), Transaction.SIGHASH_ALL);
    const wrongKeyReply = await post(wrongKey.toHex());
    expect(wrongKeyReply).toMatchObject({ status: 400, text: 'mandatory-script-verify-flag-failed (Input 0: the ECDSA signature does not verify)' });

    // bitcoinjs-lib's PSBT refuses to build this, so sign the raw transaction directly.
    const overspend = new Transaction();
    overspend.addInput(Uint8Array.from(hex.decode(funding.txid)).reverse(), funding.vout);
    overspend.addOutput(alice.p2tr.output!, 50_001n);
    overspend.setWitness(0, signP2wpkhInput(overspend, 0, 50_000n, alice.key.privateKey!));
    const tooMuch = await post(overspend.toHex());
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toBe('bad-txns-in-belowout: outputs pay 50001 sats but the inputs hold only 50000');

    const dust = await post(spend(input, [{ address: alice.p2tr.address!, value: 40_000n }, { address: alice.p2wpkh.address!, value: 293n }], alice.key));
    expect(dust.text).toBe('dust: output 1 pays 293 sats, below the 294-sat dust limit');
    const legacyDust = await post(spend(input, [{ address: payments.p2pkh({ pubkey: alice.key.publicKey, network }).address!, value: 545n }], alice.key));
    expect(legacyDust.text).toMatch(/below the 546-sat dust limit/);

    const missing = await post(spend({ ...input, txid: 'ab'.repeat(32) }, [{ address: alice.p2tr.address!, value: 1_000n }], alice.key));
    expect(missing.text).toMatch(/^bad-txns-inputs-missingorspent: input 0 spends abab.*:0, which does not exist$/);

    expect(server.balance(alice.p2wpkh.address!)).toBe(50_000n);
  });

  it('answers malformed requests with specific 4xx errors and keeps serving', async () => {
    expect(await post('')).toMatchObject({ status: 400, text: 'Empty request body: expected a raw transaction in hex' });
    expect(await post('zz11')).toMatchObject({ status: 400, text: expect.stringMatching(/^Invalid hex string/) });
    expect(await post('abc')).toMatchObject({ status: 400, text: expect.stringMatching(/^Invalid hex string/) });
    expect(await post('0200000001')).toMatchObject({ status: 400, text: expect.stringMatching(/^TX decode failed/) });
    const tooLarge = await post('00'.repeat(210 * 1024));
    expect(tooLarge).toMatchObject({ status: 413, text: 'Request body exceeds 400 KB' });

    const badAddress = await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5');
    expect(badAddress.status).toBe(400);
    expect(await badAddress.text()).toMatch(/^Invalid Bitcoin address: /);
    const wrongNetwork = await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/utxo');
    expect(wrongNetwork.status).toBe(400);
    expect(await wrongNetwork.text()).toMatch(/^Invalid Bitcoin address: .*wrong network/);
    const garbage = await get('/address/%3Cscript%3E');
    expect(garbage.status).toBe(400);

    const badTxid = await get('/tx/1234');
    expect(badTxid.status).toBe(400);
    expect(await badTxid.text()).toBe('Invalid transaction id: expected 64 hex characters');
    const unknown = await get(`/tx/${'00'.repeat(31)}01`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Transaction not found');
    expect((await get(`/tx/${'00'.repeat(31)}01/hex`)).status).toBe(404);
    // As electrs: the status of a transaction it does not know is that of an unconfirmed one.
    expect(await getJson(`/tx/${'00'.repeat(31)}01/status`)).toEqual({ confirmed: false });
    expect((await get('/tx/1234/status')).status).toBe(400);
    expect((await get(`/tx/${'00'.repeat(32)}/outspend/x`)).status).toBe(404);
    expect((await get('/no/such/route')).status).toBe(404);
    expect((await fetch(`${server.url}/tx/${'00'.repeat(32)}`, { method: 'DELETE' })).status).toBe(405);
    expect((await get('/blocks/tip/height')).status).toBe(200);
  });

  it('answers CORS preflights for loopback origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/tx`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const allowed = await preflight('http://127.0.0.1:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://127.0.0.1:5173')).headers.get('access-control-allow-origin')).toBeNull();

    const simple = await fetch(`${server.url}/blocks/tip/height`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const foreign = await fetch(`${server.url}/blocks/tip/height`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('startEsploraServer options', () => {
  it('uses the configured network and allowed origins, and stops', async () => {
    const server = await startEsploraServer({ network: 'testnet', allowedOrigins: ['https://app.example'] });
    try {
      const wallet = newWallet();
      const testnetAddress = payments.p2wpkh({ pubkey: wallet.key.publicKey, network: networkParamsOf('testnet') }).address!;
      expect(() => server.fund(wallet.p2wpkh.address!, 1_000n)).toThrow(/wrong network/);
      const { txid } = server.fund(testnetAddress, 1_000n);
      const view = (await (await fetch(`${server.url}/tx/${txid}`)).json()) as { vout: { scriptpubkey_address: string }[] };
      expect(view.vout[0]!.scriptpubkey_address).toBe(testnetAddress);
      const preflight = (origin: string) => fetch(`${server.url}/tx`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect((await preflight('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect((await preflight('http://127.0.0.1:5173')).status).toBe(403);
    } finally {
      await server.stop();
    }
    await expect(fetch(`${server.url}/blocks/tip/height`)).rejects.toThrow();
  });
});
