import type { DecodeContext, DecodedApproval } from '@portico/core';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { hex } from '@scure/base';
import { payments, Psbt, Transaction } from 'bitcoinjs-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bitcoinNetworkOf } from '../bitcoin/bitcoinjsNetworks';
import { BIP122_NETWORK_IDS } from '../bitcoin/networks';
import type { createBip122Adapter } from '../createBip122Adapter';
import { defineBitcoinRegtest } from '../networks';
import { createBip122Plugin } from '../plugin';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet, ECPair } from '../testing';
import { startEsploraServer, type EsploraServer } from '../testing/node';
import { ApprovalReadRefusedError, createBip122ApprovalDecoder, ESPLORA_READ, esploraReadPath } from './createBip122ApprovalDecoder';

const REGTEST = BIP122_NETWORK_IDS.regtest;
const network = bitcoinNetworkOf(REGTEST);
const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
const me = ECPair.fromPrivateKey(hex.decode(BITCOIN_TEST_WALLET_KEY), { network });
const ME = wallet.paymentAddress;
// Another person: the payee, and the owner of a coin in a shared PSBT.
const bob = ECPair.fromPrivateKey(hex.decode('44'.repeat(32)), { network });
const BOB = payments.p2wpkh({ pubkey: bob.publicKey, network }).address!;

let server: EsploraServer;
let deadUrl: string;
let kernel: Kernel | undefined;
beforeAll(async () => {
  server = await startEsploraServer();
  // An Esplora that is gone: its port refuses connections.
  const gone = await startEsploraServer();
  deadUrl = gone.url;
  await gone.stop();
});
afterAll(() => server.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

/** `esplora:GET` against an Esplora URL: the body as text (what the adapter returns). */
const esploraRead = (url: string) => async (method: string, params: readonly unknown[]) => {
  if (method !== ESPLORA_READ) throw new Error(`unexpected read ${method}`);
  const response = await fetch(`${url}${String(params[0])}`);
  if (!response.ok) throw new Error(`${response.status}`);
  return response.text();
};
const context = (options: { url?: string; account?: string; locale?: string } = {}): DecodeContext => ({
  network: { caipNetworkId: REGTEST, name: 'Bitcoin Regtest', nativeCurrency: { symbol: 'BTC', decimals: 8 } },
  account: 'account' in options ? options.account : ME,
  ownAddresses: 'account' in options ? undefined : [ME, wallet.ordinalsAddress],
  read: esploraRead(options.url ?? server.url),
  locale: options.locale ?? 'en',
  now: Date.now,
});
const decoder = createBip122ApprovalDecoder();
const signPsbt = (psbt: Psbt | string, signInputs: unknown, ctx = context()) =>
  decoder.decode({ method: 'signPsbt', params: { psbt: typeof psbt === 'string' ? psbt : psbt.toBase64(), signInputs, broadcast: false } }, ctx);
/** The sentences of a decoding with their values put in (as a person reads them). */
const read = (decoded: DecodedApproval | undefined) => ({
  risks: decoded?.risks.map((r) => `${r.key} ${JSON.stringify(r.vars ?? {})}`),
  actions: decoded?.actions.map((a) => `${a.kind}: ${a.text.key} ${JSON.stringify(a.text.vars ?? {})}`),
});
/** A fresh coin of `sats` paid to `address` on the local Esplora, with the transaction that made it. */
const coin = async (address: string, sats: bigint) => {
  const { txid, vout } = server.fund(address, sats);
  const tx = Transaction.fromHex(await (await fetch(`${server.url}/tx/${txid}/hex`)).text());
  return { txid, vout, tx, script: tx.outs[vout]!.script, value: sats };
};
const short = (txid: string) => `${txid.slice(0, 4)}…${txid.slice(-6)}`;

describe('the Bitcoin approval decoder (PSBTs made with bitcoinjs-lib; coins and reads on the local Esplora)', () => {
  it('a payment with change: the payment, the change, the input it signs, the fee, and what leaves the account; signed and broadcast, the balance moves by exactly that', async () => {
    const input = await coin(ME, 100_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ address: BOB, value: 30_000n });
    psbt.addOutput({ address: ME, value: 69_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }]);
    expect(read(decoded)).toEqual({
      risks: [],
      actions: [
        `send: approve.action.sendNative {"amount":"0.0003","symbol":"BTC","to":"${BOB.slice(0, 4)}…${BOB.slice(-6)}"}`,
        'change: approve.action.change {"amount":"0.00069","symbol":"BTC"}',
        'sign: approve.action.signInputs {"count":"1","total":"1"}',
      ],
    });
    expect(decoded!.actions[0]!.details).toEqual([
      { label: 'approve.field.to', value: `${BOB.slice(0, 4)}…${BOB.slice(-6)}`, full: BOB, ltr: true },
      { label: 'approve.field.amount', value: '0.0003 BTC', ltr: true },
    ]);
    expect(decoded!.actions[2]!.details).toEqual([
      { label: 'approve.detail.input', value: `#0 ${short(input.txid)}:0`, full: `${input.txid}:0`, ltr: true },
      { label: 'approve.detail.from', value: `${ME.slice(0, 4)}…${ME.slice(-6)}`, full: ME, ltr: true },
      { label: 'approve.field.amount', value: '0.001 BTC', ltr: true },
      { label: 'approve.field.fee', value: '0.00001 BTC', ltr: true },
    ]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.00031', symbol: 'BTC' }] });

    psbt.signInput(0, me).finalizeAllInputs();
    const before = server.balance(ME);
    const broadcast = await fetch(`${server.url}/tx`, { method: 'POST', body: psbt.extractTransaction().toHex() });
    expect(broadcast.status).toBe(200);
    expect(before - server.balance(ME)).toBe(31_000n);
  });

  it('the locale writes the amounts in its own way', async () => {
    const input = await coin(ME, 150_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ address: BOB, value: 120_000n });
    psbt.addOutput({ address: ME, value: 29_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }], context({ locale: 'de' }));
    expect(decoded!.actions[0]!.text.vars!['amount']).toBe('0,0012');
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0,00121', symbol: 'BTC' }] });
  });

  it('a shared PSBT: it signs 2 of its 3 inputs (the third is someone else’s), and its input values come from nonWitnessUtxo', async () => {
    const [a, b, theirs] = [await coin(ME, 40_000n), await coin(ME, 60_000n), await coin(BOB, 50_000n)];
    const psbt = new Psbt({ network });
    for (const c of [a, b, theirs]) psbt.addInput({ hash: c.txid, index: c.vout, nonWitnessUtxo: c.tx.toBuffer() });
    psbt.addOutput({ address: BOB, value: 140_000n });
    psbt.addOutput({ address: ME, value: 9_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }, { address: ME, index: 1 }]);
    expect(read(decoded).actions).toEqual([
      `send: approve.action.sendNative {"amount":"0.0014","symbol":"BTC","to":"${BOB.slice(0, 4)}…${BOB.slice(-6)}"}`,
      'change: approve.action.change {"amount":"0.00009","symbol":"BTC"}',
      'sign: approve.action.signInputs {"count":"2","total":"3"}',
    ]);
    const details = decoded!.actions[2]!.details;
    expect(details.filter((d) => d.label === 'approve.detail.input').map((d) => d.full)).toEqual([`${a.txid}:0`, `${b.txid}:0`]);
    expect(details.at(-1)).toEqual({ label: 'approve.field.fee', value: '0.00001 BTC', ltr: true });
    // 0.001 of mine in, 0.00009 back.
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.00091', symbol: 'BTC' }] });
  });

  it('a Taproot (ordinals) coin: its address is read from the script, and what goes back to it is change', async () => {
    const ORD = wallet.ordinalsAddress;
    const input = await coin(ORD, 50_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value }, tapInternalKey: me.publicKey.slice(1, 33) });
    psbt.addOutput({ address: BOB, value: 20_000n });
    psbt.addOutput({ address: ORD, value: 29_500n });
    const decoded = await signPsbt(psbt, [{ address: ORD, index: 0 }]);
    expect(read(decoded).actions).toEqual([
      `send: approve.action.sendNative {"amount":"0.0002","symbol":"BTC","to":"${BOB.slice(0, 4)}…${BOB.slice(-6)}"}`,
      'change: approve.action.change {"amount":"0.000295","symbol":"BTC"}',
      'sign: approve.action.signInputs {"count":"1","total":"1"}',
    ]);
    expect(decoded!.actions[2]!.details[1]).toEqual({ label: 'approve.detail.from', value: `${ORD.slice(0, 4)}…${ORD.slice(-6)}`, full: ORD, ltr: true });
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.000205', symbol: 'BTC' }] });
  });

  it('an address the request names (in signInputs, or as an input’s script) is not change: a payment to it reads as a payment (attack, #37)', async () => {
    const evil = payments.p2wpkh({ pubkey: ECPair.fromPrivateKey(hex.decode('77'.repeat(32)), { network }).publicKey, network }).address!;
    const input = await coin(ME, 50_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    // A second input claiming (in its own witnessUtxo) to be the attacker's coin.
    const claimed = await coin(evil, 1_000n);
    psbt.addInput({ hash: claimed.txid, index: claimed.vout, witnessUtxo: { script: claimed.script, value: claimed.value } });
    psbt.addOutput({ address: BOB, value: 1_000n });
    psbt.addOutput({ address: evil, value: 49_500n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }, { address: evil, index: 1 }]);
    const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-6)}`;
    expect(read(decoded).actions).toEqual([
      `send: approve.action.sendNative {"amount":"0.00001","symbol":"BTC","to":"${short(BOB)}"}`,
      `send: approve.action.sendNative {"amount":"0.000495","symbol":"BTC","to":"${short(evil)}"}`,
      'sign: approve.action.signInputs {"count":"2","total":"2"}',
    ]);
    // What leaves: both inputs it signs, nothing back.
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.00051', symbol: 'BTC' }] });
  });

  it('a transfer to the wallet’s own ordinals address (sendTransfer) reads as a payment there, with the change back to the payment address', async () => {
    const ORD = wallet.ordinalsAddress;
    const input = await coin(ME, 60_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ address: ORD, value: 25_000n });
    psbt.addOutput({ address: ME, value: 34_000n });
    const building = createBip122ApprovalDecoder({ buildTransfer: async () => ({ psbt: psbt.toBase64(), signInputs: [{ address: ME, index: 0 }] }) });
    const decoded = await building.decode({ method: 'sendTransfer', params: { recipientAddress: ORD, amount: '25000' } }, context());
    const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-6)}`;
    expect(read(decoded).actions).toEqual([
      `send: approve.action.sendNative {"amount":"0.00025","symbol":"BTC","to":"${short(ORD)}"}`,
      'change: approve.action.change {"amount":"0.00034","symbol":"BTC"}',
      'sign: approve.action.signInputs {"count":"1","total":"1"}',
    ]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.00026', symbol: 'BTC' }] });
  });

  it('SIGHASH_NONE on an input it signs, and SINGLE|ANYONECANPAY asked in signInputs: each is a risk, named', async () => {
    const [a, b] = [await coin(ME, 50_000n), await coin(ME, 50_000n)];
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: a.txid, index: a.vout, witnessUtxo: { script: a.script, value: a.value }, sighashType: Transaction.SIGHASH_NONE });
    psbt.addInput({ hash: b.txid, index: b.vout, witnessUtxo: { script: b.script, value: b.value } });
    psbt.addOutput({ address: BOB, value: 99_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }, { address: ME, index: 1, sighashTypes: [Transaction.SIGHASH_SINGLE | Transaction.SIGHASH_ANYONECANPAY] }]);
    expect(read(decoded).risks).toEqual(['approve.risk.sighash {"sighash":"NONE"}', 'approve.risk.sighash {"sighash":"SINGLE|ANYONECANPAY"}']);
    // ALL and DEFAULT are not risks; an input it does not sign is not its concern.
    const plain = await signPsbt(psbt, [{ address: ME, index: 1, sighashTypes: [Transaction.SIGHASH_ALL] }]);
    expect(plain!.risks.filter((r) => r.key === 'approve.risk.sighash')).toEqual([]);
  });

  it('a fee above a tenth of what is sent is a risk; so is a PSBT that spends every coin of the account with nothing back', async () => {
    const fresh = payments.p2wpkh({ pubkey: ECPair.fromPrivateKey(hex.decode('55'.repeat(32)), { network }).publicKey, network }).address!;
    const input = await coin(fresh, 100_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ address: BOB, value: 50_000n });
    const decoded = await signPsbt(psbt, [{ address: fresh, index: 0 }], context({ account: fresh }));
    expect(read(decoded).risks).toEqual(['approve.risk.highFee {"fee":"0.0005 BTC"}', 'approve.risk.wholeBalance {"symbol":"BTC"}']);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.001', symbol: 'BTC' }] });
    // With a second coin in the account, the same PSBT no longer spends all of it.
    await coin(fresh, 1_000n);
    expect(read(await signPsbt(psbt, [{ address: fresh, index: 0 }], context({ account: fresh }))).risks).toEqual(['approve.risk.highFee {"fee":"0.0005 BTC"}']);
  });

  it('an input without its previous output in the PSBT: the value is read from Esplora (the previous transaction, checked against its id)', async () => {
    const input = await coin(ME, 80_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout });
    psbt.addOutput({ address: BOB, value: 70_000n });
    psbt.addOutput({ address: ME, value: 9_500n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }]);
    expect(decoded!.actions[2]!.details).toEqual([
      { label: 'approve.detail.input', value: `#0 ${short(input.txid)}:0`, full: `${input.txid}:0`, ltr: true },
      { label: 'approve.detail.from', value: `${ME.slice(0, 4)}…${ME.slice(-6)}`, full: ME, ltr: true },
      { label: 'approve.field.amount', value: '0.0008 BTC', ltr: true },
      { label: 'approve.field.fee', value: '0.000005 BTC', ltr: true },
    ]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.000705', symbol: 'BTC' }] });
  });

  it('with Esplora unreachable, an unknown input value leaves the fee out and the simulation unavailable; the sentences stay', async () => {
    const input = await coin(ME, 80_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout });
    psbt.addOutput({ address: BOB, value: 70_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }], context({ url: deadUrl }));
    expect(read(decoded)).toEqual({
      risks: [],
      actions: [`send: approve.action.sendNative {"amount":"0.0007","symbol":"BTC","to":"${BOB.slice(0, 4)}…${BOB.slice(-6)}"}`, 'sign: approve.action.signInputs {"count":"1","total":"1"}'],
    });
    expect(decoded!.actions[1]!.details).toEqual([{ label: 'approve.detail.input', value: `#0 ${short(input.txid)}:0`, full: `${input.txid}:0`, ltr: true }]);
    expect(decoded!.simulation).toEqual({ status: 'unavailable' });
  });

  it('an OP_RETURN output is shown as data (text when printable, else hex); an unknown script by its hex', async () => {
    const input = await coin(ME, 60_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ script: payments.embed({ data: [new TextEncoder().encode('hello, portico')] }).output!, value: 0n });
    psbt.addOutput({ script: payments.embed({ data: [Uint8Array.of(0, 1, 2, 0xff, 0xfe, 3, 4, 5)] }).output!, value: 0n });
    psbt.addOutput({ script: Uint8Array.of(0x51), value: 1_000n });
    psbt.addOutput({ address: ME, value: 58_000n });
    const decoded = await signPsbt(psbt, [{ address: ME, index: 0 }]);
    expect(read(decoded).actions).toEqual([
      'data: approve.action.data {"data":"hello, portico"}',
      'data: approve.action.data {"data":"0001…030405"}',
      'script: approve.action.sendNative {"amount":"0.00001","symbol":"BTC","to":"51"}',
      'change: approve.action.change {"amount":"0.00058","symbol":"BTC"}',
      'sign: approve.action.signInputs {"count":"1","total":"1"}',
    ]);
    expect(decoded!.actions[0]!.details[0]).toEqual({ label: 'approve.message', value: 'hello, portico', ltr: false });
    expect(decoded!.actions[1]!.details[0]).toEqual({ label: 'approve.messageHex', value: '0001…030405', full: '000102fffe030405', ltr: true });
  });

  it('sendTransfer: the payment; blocked when the balance does not cover the amount and the least fee, not when it does', async () => {
    const poor = payments.p2wpkh({ pubkey: ECPair.fromPrivateKey(hex.decode('66'.repeat(32)), { network }).publicKey, network }).address!;
    server.fund(poor, 10_000n);
    const transfer = (amount: string) => decoder.decode({ method: 'sendTransfer', params: { recipientAddress: BOB, amount } }, context({ account: poor }));
    const blocked = await transfer('20000');
    expect(read(blocked)).toEqual({ risks: [], actions: [`send: approve.action.sendNative {"amount":"0.0002","symbol":"BTC","to":"${BOB.slice(0, 4)}…${BOB.slice(-6)}"}`] });
    // Esplora's next-6-blocks rate (the local one: 20/√6 sat/vB) over 122 vB.
    const leastFee = BigInt(Math.ceil(122 * (Math.round((20 / Math.sqrt(6)) * 1000) / 1000)));
    expect(blocked!.blocked).toEqual({ key: 'approve.risk.insufficientFunds', vars: { balance: '0.0001 BTC', needed: `${Number(20_000n + leastFee) / 1e8} BTC` } });
    expect((await transfer('5000'))!.blocked).toBeUndefined();
  });

  it('malformed or unknown requests are left to the generic reading (undefined), never thrown', async () => {
    const input = await coin(ME, 10_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    psbt.addOutput({ address: BOB, value: 9_000n });
    const random = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(200))));
    const cases: Array<[string, unknown]> = [
      ['signPsbt', { psbt: '%%% not base64', signInputs: [] }],
      ['signPsbt', { psbt: random, signInputs: [] }],
      ['signPsbt', { psbt: 'A'.repeat(600_000), signInputs: [] }],
      ['signPsbt', { psbt: psbt.toBase64(), signInputs: 'all' }],
      ['signPsbt', { psbt: psbt.toBase64(), signInputs: [{ address: ME, index: 1 }] }],
      ['signPsbt', { psbt: psbt.toBase64(), signInputs: [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', index: 0 }] }],
      ['signPsbt', { psbt: psbt.toBase64(), signInputs: [{ address: ME, index: 0, sighashTypes: [300] }] }],
      ['signPsbt', undefined],
      ['sendTransfer', { recipientAddress: 'nope', amount: '1000' }],
      ['sendTransfer', { recipientAddress: BOB, amount: '0.5' }],
      ['signMessage', { message: 'hi', address: ME }],
      ['eth_sendTransaction', [{ to: BOB }]],
    ];
    for (const [method, params] of cases) await expect(decoder.decode({ method, params }, context()), `${method} ${JSON.stringify(params)?.slice(0, 80)}`).resolves.toBeUndefined();
    // The same PSBT on a network the decoder does not know.
    await expect(decoder.decode({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: [] } }, { ...context(), network: { caipNetworkId: 'bip122:ffff', name: 'X', nativeCurrency: { symbol: 'X', decimals: 8 } } })).resolves.toBeUndefined();
  });
});

describe('esploraReadPath (what the adapter lets the decoder read)', () => {
  it('allows a transaction’s hex, an address of the network and the fee estimates; refuses anything else', () => {
    const txid = 'ab'.repeat(32);
    for (const path of [`/tx/${txid}/hex`, `/address/${ME}`, `/address/${wallet.ordinalsAddress}`, '/fee-estimates']) expect(esploraReadPath(ESPLORA_READ, [path], REGTEST)).toBe(path);
    const refused: Array<[string, unknown[]]> = [
      ['eth_call', ['/fee-estimates']],
      [ESPLORA_READ, []],
      [ESPLORA_READ, ['/fee-estimates', 'extra']],
      [ESPLORA_READ, [`/tx/${txid}`]],
      [ESPLORA_READ, [`/tx/${txid.toUpperCase()}/hex`]],
      [ESPLORA_READ, [`/tx/${txid}/hex/../../tx`]],
      [ESPLORA_READ, [`/address/${ME}/utxo`]],
      [ESPLORA_READ, ['/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']],
      [ESPLORA_READ, ['//evil.example/fee-estimates']],
      [ESPLORA_READ, ['/fee-estimates?x=1']],
    ];
    for (const [method, params] of refused) expect(() => esploraReadPath(method, params, REGTEST), `${method} ${JSON.stringify(params)}`).toThrow(ApprovalReadRefusedError);
  });
});

describe('the bip122 adapter’s describeApproval (decoder loaded on use; Esplora reads through the adapter)', () => {
  it('reads an input’s previous transaction and the account’s balance from the network’s Esplora API', async () => {
    const regtest = defineBitcoinRegtest(server.url);
    kernel = createKernel({ plugins: [createBip122Plugin()], networks: [regtest], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('bip122')) as ReturnType<typeof createBip122Adapter>;
    adapter.addWallet(wallet.wallet);
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    const input = await coin(ME, 90_000n);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: input.txid, index: input.vout });
    psbt.addOutput({ address: BOB, value: 80_000n });
    psbt.addOutput({ address: ME, value: 9_000n });
    const decoded = await adapter.describeApproval!({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: [{ address: ME, index: 0 }], broadcast: true } }, { network: regtest, locale: 'en' });
    expect(decoded!.actions.map((a) => a.kind)).toEqual(['send', 'change', 'sign']);
    expect(decoded!.actions[2]!.details.at(-1)).toEqual({ label: 'approve.field.fee', value: '0.00001 BTC', ltr: true });
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.00081', symbol: 'BTC' }] });
    const blocked = await adapter.describeApproval!({ method: 'sendTransfer', params: { recipientAddress: BOB, amount: String(21_000_000n * 10n ** 8n - 1n) } }, { network: regtest, locale: 'en' });
    expect(blocked!.blocked).toMatchObject({ key: 'approve.risk.insufficientFunds', vars: { balance: `${Number(server.balance(ME)) / 1e8} BTC` } });
    // A transfer it can pay for: the PSBT the adapter's coin selection builds, read as any PSBT (its real fee, its change, what leaves).
    const transfer = await adapter.describeApproval!({ method: 'sendTransfer', params: { recipientAddress: BOB, amount: '25000' } }, { network: regtest, locale: 'en' });
    expect(transfer!.blocked).toBeUndefined();
    expect(transfer!.actions.map((a) => a.kind)).toEqual(['send', 'change', 'sign']);
    expect(transfer!.actions[0]!.text).toEqual({ key: 'approve.action.sendNative', vars: { amount: '0.00025', symbol: 'BTC', to: short(BOB) } });
    const fee = transfer!.actions[2]!.details.find((d) => d.label === 'approve.field.fee')!.value;
    expect(fee).toMatch(/^0\.0000\d+ BTC$/);
    const out = (25_000 + Math.round(Number(fee.split(' ')[0]) * 1e8)) / 1e8;
    expect(transfer!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: String(out), symbol: 'BTC' }] });
  });
});
