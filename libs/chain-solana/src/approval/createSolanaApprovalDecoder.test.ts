import type { DecodeContext, DecodedApproval } from '@portico/core';
import { truncateAddress } from '@portico/core';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base64 } from '@scure/base';
import fc from 'fast-check';
import { AddressLookupTableAccount, AddressLookupTableProgram, ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineSolanaLocalnet } from '../networks';
import { createSolanaPlugin } from '../plugin';
import { SOLANA_LOCALNET_GENESIS_HASH } from '../testing';
import { startSolanaServer, type SolanaServer } from '../testing/node';
import { associatedTokenAddress } from '../transfer';
import { createSolanaApprovalDecoder } from './createSolanaApprovalDecoder';

const TOKEN = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ATA = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const U64_MAX = 2n ** 64n - 1n;
const SOL = 1_000_000_000n;
/** A rent-exempt token account's lamports (165 bytes), what creating one costs. */
const TOKEN_ACCOUNT_RENT = 2_039_280n;

let server: SolanaServer;
let kernel: Kernel | undefined;
beforeAll(async () => {
  server = await startSolanaServer();
});
afterAll(() => server.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

/** The local node's JSON-RPC, as the adapter's reads reach it (an error answer rejects). */
async function rpc(method: string, params: readonly unknown[]): Promise<unknown> {
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result;
}

const context = (account: string | undefined, read: DecodeContext['read'] = rpc, locale = 'en'): DecodeContext => ({
  network: { caipNetworkId: `solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`, name: 'Solana Local', nativeCurrency: { symbol: 'SOL', decimals: 9 } },
  account,
  read,
  locale,
  now: Date.now,
});
const decoder = createSolanaApprovalDecoder();
const blockhash = async () => ((await rpc('getLatestBlockhash', [{ commitment: 'confirmed' }])) as { value: { blockhash: string } }).value.blockhash;
/** An unsigned legacy transaction paid by `payer`, base64 as a dapp sends it. */
async function unsigned(payer: PublicKey, ...instructions: TransactionInstruction[]): Promise<string> {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: await blockhash() }).add(...instructions);
  return base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}
const decode = (transaction: string, account: string, method = 'solana_signTransaction', ctx = context(account)) => decoder.decode({ method, params: { transaction } }, ctx);
/** The sentences of a decoding, with their values put in (as a person reads them). */
const read = (decoded: DecodedApproval | undefined) => ({
  risks: decoded?.risks.map((r) => `${r.key} ${JSON.stringify(r.vars ?? {})}`),
  actions: decoded?.actions.map((a) => `${a.kind}: ${a.text.key} ${JSON.stringify(a.text.vars ?? {})}`),
});
const short = (key: PublicKey | string) => truncateAddress(key.toString());

/** A funded account (a keypair: some tests land a transaction first). */
async function funded(lamports: bigint) {
  const keypair = Keypair.generate();
  await server.airdrop(keypair.publicKey.toBase58(), lamports);
  return keypair;
}

// SPL Token instructions by hand (no @solana/spl-token here), in the program's own layouts.
const u64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
};
const meta = (pubkey: PublicKey, isSigner: boolean, isWritable: boolean) => ({ pubkey, isSigner, isWritable });
const spl = {
  transfer: (source: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(source, false, true), meta(destination, false, true), meta(owner, true, false)], data: Buffer.concat([Buffer.of(3), u64(amount)]) }),
  transferChecked: (source: PublicKey, mint: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint, decimals: number) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(source, false, true), meta(mint, false, false), meta(destination, false, true), meta(owner, true, false)], data: Buffer.concat([Buffer.of(12), u64(amount), Buffer.of(decimals)]) }),
  approve: (source: PublicKey, delegate: PublicKey, owner: PublicKey, amount: bigint) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(source, false, true), meta(delegate, false, false), meta(owner, true, false)], data: Buffer.concat([Buffer.of(4), u64(amount)]) }),
  approveChecked: (source: PublicKey, mint: PublicKey, delegate: PublicKey, owner: PublicKey, amount: bigint, decimals: number) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(source, false, true), meta(mint, false, false), meta(delegate, false, false), meta(owner, true, false)], data: Buffer.concat([Buffer.of(13), u64(amount), Buffer.of(decimals)]) }),
  revoke: (source: PublicKey, owner: PublicKey) => new TransactionInstruction({ programId: TOKEN, keys: [meta(source, false, true), meta(owner, true, false)], data: Buffer.of(5) }),
  /** Authority type 2: the token account's owner. */
  setOwner: (account: PublicKey, owner: PublicKey, to: PublicKey) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(account, false, true), meta(owner, true, false)], data: Buffer.concat([Buffer.of(6, 2, 1), to.toBuffer()]) }),
  /** Authority type 2 set to none. */
  removeOwner: (account: PublicKey, owner: PublicKey) => new TransactionInstruction({ programId: TOKEN, keys: [meta(account, false, true), meta(owner, true, false)], data: Buffer.of(6, 2, 0) }),
  closeAccount: (account: PublicKey, destination: PublicKey, owner: PublicKey) =>
    new TransactionInstruction({ programId: TOKEN, keys: [meta(account, false, true), meta(destination, false, true), meta(owner, true, false)], data: Buffer.of(9) }),
  createAssociated: (payer: PublicKey, ata: PublicKey, owner: PublicKey, mint: PublicKey) =>
    new TransactionInstruction({
      programId: ATA,
      keys: [meta(payer, true, true), meta(ata, false, true), meta(owner, false, false), meta(mint, false, false), meta(SystemProgram.programId, false, false), meta(TOKEN, false, false)],
      data: Buffer.of(1),
    }),
};

/** A mint with Metaplex metadata (symbol PORT) and `amount` of it held by `owner`; resolves the mint and the owner's token account. */
async function portToken(owner: PublicKey, amount: bigint, decimals = 6) {
  const mint = Keypair.generate().publicKey;
  await server.mintNft(mint.toBase58(), owner.toBase58(), { name: 'Portico Token', symbol: 'PORT', uri: '' });
  // The metadata stays; the mint and the account become a fungible token's.
  const account = new PublicKey(server.mintTokens(mint.toBase58(), owner.toBase58(), decimals, amount));
  return { mint, account };
}

describe('the Solana approval decoder (transactions made with web3.js, read from and simulated on the local node)', () => {
  it('a SOL transfer: the amount in SOL, the recipient, what the node predicts (the fee included), nothing blocked', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const decoded = await decode(await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 250_000_000n })), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: [], actions: [`send: approve.action.sendNative {"amount":"0.25","symbol":"SOL","to":"${short(bob)}"}`] });
    expect(decoded!.actions[0]!.details).toEqual([
      { label: 'approve.field.to', value: short(bob), full: bob.toBase58(), ltr: true },
      { label: 'approve.field.amount', value: '0.25 SOL', ltr: true },
    ]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.250005', symbol: 'SOL' }] });
    expect(decoded!.blocked).toBeUndefined();
    // Nothing landed: the simulation ran on a copy.
    expect(server.balance(owner.publicKey.toBase58())).toBe(SOL);
    expect(server.balance(bob.toBase58())).toBe(0n);
  });

  it('a durable-nonce transaction (AdvanceNonceAccount first): it never expires, said first', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const nonceAccount = Keypair.generate().publicKey;
    const tx = await unsigned(owner.publicKey, SystemProgram.nonceAdvance({ noncePubkey: nonceAccount, authorizedPubkey: owner.publicKey }), SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 1_000_000n }));
    const decoded = await decode(tx, owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: ['approve.risk.durableNonce {}'], actions: [`send: approve.action.sendNative {"amount":"0.001","symbol":"SOL","to":"${short(bob)}"}`] });
  });

  it('writes amounts in the locale’s digits', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const decoded = await decode(await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 250_000_000n })), '', 'solana_signTransaction', context(owner.publicKey.toBase58(), rpc, 'de'));
    expect(decoded!.actions[0]!.text.vars?.['amount']).toBe('0,25');
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0,250005', symbol: 'SOL' }] });
  });

  it('sending the whole balance (all but the fee) is called out first', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const decoded = await decode(await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: SOL - 5_000n })), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: ['approve.risk.wholeBalance {"symbol":"SOL"}'], actions: [`send: approve.action.sendNative {"amount":"0.999995","symbol":"SOL","to":"${short(bob)}"}`] });
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '1', symbol: 'SOL' }] });
    expect(decoded!.blocked).toBeUndefined();
  });

  it('more SOL than the account holds: blocked with the balance and what is needed, and the node’s reason it would fail', async () => {
    const owner = await funded(SOL / 10n);
    const bob = Keypair.generate().publicKey;
    const decoded = await decode(await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: SOL })), owner.publicKey.toBase58());
    expect(decoded!.blocked).toEqual({ key: 'approve.risk.insufficientFunds', vars: { balance: '0.1 SOL', needed: '1.000005 SOL' } });
    expect(decoded!.simulation).toEqual({ status: 'revert', reason: expect.stringMatching(/^Transfer: insufficient lamports \d+, need 1000000000$/) });
    expect(decoded!.risks).toEqual([]);
  });

  it('a new account and a transfer with seed send SOL too; SOL leaving another signer’s account says from whom', async () => {
    const owner = await funded(SOL);
    const [created, base, bob] = [Keypair.generate().publicKey, Keypair.generate().publicKey, Keypair.generate().publicKey];
    const derived = await PublicKey.createWithSeed(base, 'vault', SystemProgram.programId);
    const other = Keypair.generate().publicKey;
    const decoded = await decode(
      await unsigned(
        owner.publicKey,
        SystemProgram.createAccount({ fromPubkey: owner.publicKey, newAccountPubkey: created, lamports: 2_000_000, space: 0, programId: SystemProgram.programId }),
        SystemProgram.transfer({ fromPubkey: derived, basePubkey: base, toPubkey: bob, lamports: 3_000_000n, seed: 'vault', programId: SystemProgram.programId }),
        SystemProgram.transfer({ fromPubkey: other, toPubkey: bob, lamports: 4_000_000n }),
      ),
      owner.publicKey.toBase58(),
    );
    expect(read(decoded)).toEqual({
      risks: [],
      actions: [
        `send: approve.action.sendNative {"amount":"0.002","symbol":"SOL","to":"${short(created)}"}`,
        `send: approve.action.moveToken {"amount":"0.003","symbol":"SOL","to":"${short(bob)}","from":"${short(derived)}"}`,
        `send: approve.action.moveToken {"amount":"0.004","symbol":"SOL","to":"${short(bob)}","from":"${short(other)}"}`,
      ],
    });
  });

  it('Compute Budget instructions say nothing; their priority fee counts in what the account needs', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const decoded = await decode(
      await unsigned(
        owner.publicKey,
        ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }),
        SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: SOL - 15_000n }),
      ),
      owner.publicKey.toBase58(),
    );
    // 5,000 a signature + 10,000 units × 1 lamport: exactly the balance.
    expect(read(decoded)).toEqual({ risks: ['approve.risk.wholeBalance {"symbol":"SOL"}'], actions: [`send: approve.action.sendNative {"amount":"0.999985","symbol":"SOL","to":"${short(bob)}"}`] });
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '1', symbol: 'SOL' }] });
  });

  it('an SPL TransferChecked to a new recipient: the token by its Metaplex symbol, the recipient (the owner of the account created on the way), SOL and token out', async () => {
    const owner = await funded(SOL);
    const { mint, account } = await portToken(owner.publicKey, 10_000_000n);
    const bob = Keypair.generate().publicKey;
    const bobAta = new PublicKey(await associatedTokenAddress(bob.toBase58(), mint.toBase58(), TOKEN.toBase58()));
    const decoded = await decode(
      await unsigned(owner.publicKey, spl.createAssociated(owner.publicKey, bobAta, bob, mint), spl.transferChecked(account, mint, bobAta, owner.publicKey, 1_500_000n, 6)),
      owner.publicKey.toBase58(),
      'solana_signAndSendTransaction',
    );
    expect(read(decoded)).toEqual({ risks: [], actions: [`send: approve.action.sendToken {"amount":"1.5","symbol":"PORT","to":"${short(bob)}"}`] });
    expect(decoded!.actions[0]!.details).toEqual([
      { label: 'approve.detail.token', value: short(mint), full: mint.toBase58(), ltr: true },
      { label: 'approve.field.to', value: short(bob), full: bob.toBase58(), ltr: true },
      { label: 'approve.field.amount', value: '1.5 PORT', ltr: true },
    ]);
    expect(decoded!.simulation).toEqual({
      status: 'ok',
      changes: [
        { direction: 'out', amount: String(Number(5_000n + TOKEN_ACCOUNT_RENT) / 1e9), symbol: 'SOL' },
        { direction: 'out', amount: '1.5', symbol: 'PORT', asset: mint.toBase58() },
      ],
    });
  });

  it('an SPL Transfer of the whole token balance to an existing account: its owner named, the whole-balance risk, a mint without metadata by its address', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const mint = Keypair.generate().publicKey;
    const source = new PublicKey(server.mintTokens(mint.toBase58(), owner.publicKey.toBase58(), 9, 3n * SOL));
    const bobAccount = new PublicKey(server.mintTokens(mint.toBase58(), bob.toBase58(), 9, 3n * SOL));
    const decoded = await decode(await unsigned(owner.publicKey, spl.transfer(source, bobAccount, owner.publicKey, 3n * SOL)), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: [`approve.risk.wholeBalance {"symbol":"${short(mint)}"}`], actions: [`send: approve.action.sendToken {"amount":"3","symbol":"${short(mint)}","to":"${short(bob)}"}`] });
    expect(decoded!.simulation).toEqual({
      status: 'ok',
      changes: [
        { direction: 'out', amount: '0.000005', symbol: 'SOL' },
        { direction: 'out', amount: '3', symbol: short(mint), asset: mint.toBase58() },
      ],
    });
  });

  it('more tokens than the account holds: the simulation fails with the token program’s reason', async () => {
    const owner = await funded(SOL);
    const { mint, account } = await portToken(owner.publicKey, 1_000_000n);
    const bob = Keypair.generate().publicKey;
    const bobAccount = new PublicKey(server.mintTokens(mint.toBase58(), bob.toBase58(), 6, 0n));
    const decoded = await decode(await unsigned(owner.publicKey, spl.transferChecked(account, mint, bobAccount, owner.publicKey, 2_000_000n, 6)), owner.publicKey.toBase58());
    expect(read(decoded).actions).toEqual([`send: approve.action.sendToken {"amount":"2","symbol":"PORT","to":"${short(bob)}"}`]);
    expect(decoded!.simulation).toEqual({ status: 'revert', reason: 'Error: insufficient funds' });
    expect(decoded!.blocked).toBeUndefined();
  });

  it('allowances: u64’s maximum and more than the supply are unlimited (the risk first), an exact one is not, zero is a revocation', async () => {
    const owner = await funded(SOL);
    const { mint, account } = await portToken(owner.publicKey, 5_000_000n);
    const spender = Keypair.generate().publicKey;
    const s = short(spender);
    expect(read(await decode(await unsigned(owner.publicKey, spl.approve(account, spender, owner.publicKey, U64_MAX)), owner.publicKey.toBase58()))).toEqual({
      risks: [`approve.risk.unlimited {"spender":"${s}","symbol":"PORT"}`],
      actions: [`approve: approve.action.approveUnlimited {"spender":"${s}","amount":"∞","symbol":"PORT"}`],
    });
    const aboveSupply = await decode(await unsigned(owner.publicKey, spl.approveChecked(account, mint, spender, owner.publicKey, 5_000_001n, 6)), owner.publicKey.toBase58());
    expect(read(aboveSupply).risks).toEqual([`approve.risk.unlimited {"spender":"${s}","symbol":"PORT"}`]);
    expect(aboveSupply!.actions[0]!.details[2]).toEqual({ label: 'approve.field.amount', value: '∞ (5000001)', full: '5000001', ltr: true });
    const exact = await decode(await unsigned(owner.publicKey, spl.approveChecked(account, mint, spender, owner.publicKey, 2_500_000n, 6)), owner.publicKey.toBase58());
    expect(read(exact)).toEqual({ risks: [], actions: [`approve: approve.action.approve {"spender":"${s}","amount":"2.5","symbol":"PORT"}`] });
    // An allowance moves nothing: only the fee leaves.
    expect(exact!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.000005', symbol: 'SOL' }] });
    expect(read(await decode(await unsigned(owner.publicKey, spl.approve(account, spender, owner.publicKey, 0n)), owner.publicKey.toBase58())).actions).toEqual([
      `revoke: approve.action.revoke {"spender":"${s}","amount":"0","symbol":"PORT"}`,
    ]);
  });

  it('a Revoke names the delegate the account has now', async () => {
    const owner = await funded(SOL);
    const { account } = await portToken(owner.publicKey, 5_000_000n);
    const spender = Keypair.generate().publicKey;
    // Land an allowance first, signed by the owner.
    const approval = new Transaction({ feePayer: owner.publicKey, recentBlockhash: await blockhash() }).add(spl.approve(account, spender, owner.publicKey, 1_000n));
    approval.sign(owner);
    await rpc('sendTransaction', [base64.encode(approval.serialize()), { encoding: 'base64' }]);
    const decoded = await decode(await unsigned(owner.publicKey, spl.revoke(account, owner.publicKey)), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: [], actions: [`revoke: approve.action.revoke {"spender":"${short(spender)}","symbol":"PORT"}`] });
  });

  it('a Revoke on an account without a delegate, an authority removed for good, a token account closed', async () => {
    const owner = await funded(SOL);
    const { account } = await portToken(owner.publicKey, 1_000_000n);
    const me = owner.publicKey.toBase58();
    expect(read(await decode(await unsigned(owner.publicKey, spl.revoke(account, owner.publicKey)), me)).actions).toEqual(['revoke: approve.action.revokeNone {"symbol":"PORT"}']);
    expect(read(await decode(await unsigned(owner.publicKey, spl.removeOwner(account, owner.publicKey)), me)).actions).toEqual([`setAuthority: approve.action.removeAuthority {"account":"${short(account)}"}`]);
    const rent = Keypair.generate().publicKey;
    expect(read(await decode(await unsigned(owner.publicKey, spl.closeAccount(account, rent, owner.publicKey)), me)).actions).toEqual([`close: approve.action.closeAccount {"account":"${short(account)}","to":"${short(rent)}"}`]);
  });

  it('SetAuthority on a token account and System Assign hand control away: the risk first; the simulation shows the tokens leaving', async () => {
    const owner = await funded(SOL);
    const { mint, account } = await portToken(owner.publicKey, 4_000_000n);
    const thief = Keypair.generate().publicKey;
    const decoded = await decode(await unsigned(owner.publicKey, spl.setOwner(account, owner.publicKey, thief)), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({
      risks: [`approve.risk.authority {"account":"${short(account)}","to":"${short(thief)}"}`],
      actions: [`setAuthority: approve.action.setAuthority {"account":"${short(account)}","to":"${short(thief)}"}`],
    });
    expect(decoded!.simulation).toEqual({
      status: 'ok',
      changes: [
        { direction: 'out', amount: '0.000005', symbol: 'SOL' },
        { direction: 'out', amount: '4', symbol: 'PORT', asset: mint.toBase58() },
      ],
    });
    const program = Keypair.generate().publicKey;
    const other = Keypair.generate();
    const assign = await decode(await unsigned(owner.publicKey, SystemProgram.assign({ accountPubkey: other.publicKey, programId: program })), owner.publicKey.toBase58());
    expect(read(assign)).toEqual({
      risks: [`approve.risk.authority {"account":"${short(other.publicKey)}","to":"${short(program)}"}`],
      actions: [`setAuthority: approve.action.setAuthority {"account":"${short(other.publicKey)}","to":"${short(program)}"}`],
    });
  });

  it('an unknown program: "Run program" with its id, once however many instructions; the node says why it would fail', async () => {
    const owner = await funded(SOL);
    const program = Keypair.generate().publicKey;
    const call = () => new TransactionInstruction({ programId: program, keys: [meta(owner.publicKey, true, true)], data: Buffer.of(1, 2, 3) });
    const decoded = await decode(await unsigned(owner.publicKey, call(), call()), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: [], actions: [`call: approve.action.program {"program":"${short(program)}"}`] });
    expect(decoded!.actions[0]!.details).toEqual([{ label: 'approve.detail.program', value: short(program), full: program.toBase58(), ltr: true }]);
    // No program logged anything: the reason is the node's error.
    expect(decoded!.simulation).toEqual({ status: 'revert', reason: 'InvalidProgramForExecution' });
    // A known program's instruction the decoder does not read: the program by name.
    const memo = new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [meta(owner.publicKey, true, false)], data: Buffer.from('hello') });
    const memoDecoded = await decode(await unsigned(owner.publicKey, memo), owner.publicKey.toBase58());
    expect(read(memoDecoded).actions).toEqual(['call: approve.action.program {"program":"Memo Program"}']);
    expect(memoDecoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.000005', symbol: 'SOL' }] });
  });

  it('a v0 transaction whose recipient sits in an address lookup table: the table read through the RPC', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    // A slot the SlotHashes sysvar lists (its newest entry), as the lookup-table program requires.
    const slotHashes = (await rpc('getAccountInfo', ['SysvarS1otHashes111111111111111111111111111', { encoding: 'base64' }])) as { value: { data: [string, string] } };
    const slot = Number(Buffer.from(slotHashes.value.data[0], 'base64').readBigUInt64LE(8));
    const [create, table] = AddressLookupTableProgram.createLookupTable({ authority: owner.publicKey, payer: owner.publicKey, recentSlot: slot });
    const extend = AddressLookupTableProgram.extendLookupTable({ lookupTable: table, authority: owner.publicKey, payer: owner.publicKey, addresses: [bob] });
    const setup = new Transaction({ feePayer: owner.publicKey, recentBlockhash: await blockhash() }).add(create, extend);
    setup.sign(owner);
    await rpc('sendTransaction', [base64.encode(setup.serialize()), { encoding: 'base64' }]);
    const lookup = new AddressLookupTableAccount({ key: table, state: { deactivationSlot: U64_MAX, lastExtendedSlot: slot, lastExtendedSlotStartIndex: 0, addresses: [bob] } });
    const transfer = SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 1_000_000n });
    const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: owner.publicKey, recentBlockhash: await blockhash(), instructions: [transfer] }).compileToV0Message([lookup]));
    expect(v0.message.staticAccountKeys.map(String)).not.toContain(bob.toBase58());
    const decoded = await decode(base64.encode(v0.serialize()), owner.publicKey.toBase58());
    expect(read(decoded)).toEqual({ risks: [], actions: [`send: approve.action.sendNative {"amount":"0.001","symbol":"SOL","to":"${short(bob)}"}`] });
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.001005', symbol: 'SOL' }] });
  });

  it('a v0 transaction reads the same; accounts behind a lookup table that cannot be read leave the instruction a program call', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const transfer = SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 1_000_000n });
    const plain = new VersionedTransaction(new TransactionMessage({ payerKey: owner.publicKey, recentBlockhash: await blockhash(), instructions: [transfer] }).compileToV0Message());
    const decoded = await decode(base64.encode(plain.serialize()), owner.publicKey.toBase58());
    expect(read(decoded).actions).toEqual([`send: approve.action.sendNative {"amount":"0.001","symbol":"SOL","to":"${short(bob)}"}`]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.001005', symbol: 'SOL' }] });
    const table = new AddressLookupTableAccount({ key: Keypair.generate().publicKey, state: { deactivationSlot: U64_MAX, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [bob] } });
    const looked = new VersionedTransaction(new TransactionMessage({ payerKey: owner.publicKey, recentBlockhash: await blockhash(), instructions: [transfer] }).compileToV0Message([table]));
    expect(looked.message.addressTableLookups).toHaveLength(1);
    const partial = await decode(base64.encode(looked.serialize()), owner.publicKey.toBase58());
    expect(read(partial).actions).toEqual(['call: approve.action.program {"program":"System Program"}']);
    expect(partial!.simulation).toMatchObject({ status: 'revert' });
  });

  it('solana_signAllTransactions: each transaction’s actions, the changes summed, the fees counted in what is needed', async () => {
    const owner = await funded(SOL);
    const [bob, carol] = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    const transactions = [
      await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 100_000_000n })),
      await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: carol, lamports: 200_000_000n })),
    ];
    const decoded = await decoder.decode({ method: 'solana_signAllTransactions', params: { transactions } }, context(owner.publicKey.toBase58()));
    expect(read(decoded).actions).toEqual([
      `send: approve.action.sendNative {"amount":"0.1","symbol":"SOL","to":"${short(bob)}"}`,
      `send: approve.action.sendNative {"amount":"0.2","symbol":"SOL","to":"${short(carol)}"}`,
    ]);
    expect(decoded!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.30001', symbol: 'SOL' }] });
    const tooMuch = await decoder.decode({ method: 'solana_signAllTransactions', params: { transactions: [transactions[0], ...Array.from({ length: 5 }, () => transactions[1])] } }, context(owner.publicKey.toBase58()));
    expect(tooMuch!.blocked).toEqual({ key: 'approve.risk.insufficientFunds', vars: { balance: '1 SOL', needed: '1.10003 SOL' } });
  });

  it('a node without simulateTransaction: the actions still, the simulation unavailable (never a silent gap)', async () => {
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const noSimulation: DecodeContext['read'] = (method, params) => (method === 'simulateTransaction' ? Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 })) : rpc(method, params));
    const decoded = await decode(await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 1_000n })), '', 'solana_signTransaction', context(owner.publicKey.toBase58(), noSimulation));
    expect(read(decoded).actions).toEqual([`send: approve.action.sendNative {"amount":"0.000001","symbol":"SOL","to":"${short(bob)}"}`]);
    expect(decoded!.simulation).toEqual({ status: 'unavailable' });
    // A node that answers nothing at all: still the sentences, amounts of unknown mints in base units.
    const down: DecodeContext['read'] = () => Promise.reject(new Error('fetch failed'));
    const { mint, account } = await portToken(owner.publicKey, 1_000n);
    const offline = await decode(await unsigned(owner.publicKey, spl.transferChecked(account, mint, bob, owner.publicKey, 1_000n, 6)), '', 'solana_signTransaction', context(owner.publicKey.toBase58(), down));
    expect(read(offline)).toEqual({ risks: [], actions: [`send: approve.action.sendToken {"amount":"0.001","symbol":"${short(mint)}","to":"${short(bob)}"}`] });
    expect(offline!.simulation).toEqual({ status: 'unavailable' });
    expect(offline!.blocked).toBeUndefined();
  });

  it('never throws: random bytes, and a real transaction with any byte changed, give undefined or a reading', async () => {
    const owner = Keypair.generate().publicKey;
    const offline = context(owner.toBase58(), () => Promise.reject(new Error('offline')));
    const bytes = base64.decode(await unsigned(owner, SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports: 1n }), spl.approve(owner, owner, owner, 1n)));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 1_300 }), fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })).map(([at, value]) => Uint8Array.from(bytes, (b, i) => (i === at ? value : b)))), async (input) => {
        const decoded = await decoder.decode({ method: 'solana_signTransaction', params: { transaction: base64.encode(input) } }, offline);
        if (decoded) expect(decoded.simulation).toEqual({ status: 'unavailable' });
      }),
      { numRuns: 300 },
    );
  });

  it('malformed requests are left to the generic reading: not base64, not a transaction, too long, too many, another method', async () => {
    const owner = await funded(SOL);
    const good = await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000n }));
    const account = owner.publicKey.toBase58();
    const bytes = base64.decode(good);
    const cases: { method: string; params?: unknown }[] = [
      { method: 'solana_signTransaction', params: { transaction: 'not base64!' } },
      { method: 'solana_signTransaction', params: { transaction: base64.encode(Uint8Array.from({ length: 200 }, (_, i) => (i * 37) % 256)) } },
      { method: 'solana_signTransaction', params: { transaction: base64.encode(bytes.subarray(0, bytes.length - 1)) } },
      { method: 'solana_signTransaction', params: { transaction: base64.encode(Uint8Array.from([...bytes, 0])) } },
      { method: 'solana_signTransaction', params: { transaction: base64.encode(new Uint8Array(2_000)) } },
      { method: 'solana_signTransaction', params: { transaction: 42 } },
      { method: 'solana_signTransaction', params: [good] },
      { method: 'solana_signTransaction' },
      { method: 'solana_signAllTransactions', params: { transactions: [] } },
      { method: 'solana_signAllTransactions', params: { transactions: Array.from({ length: 9 }, () => good) } },
      { method: 'solana_signAllTransactions', params: { transactions: [good, 'AAAA'] } },
      { method: 'solana_signMessage', params: { message: good } },
      { method: 'eth_sendTransaction', params: { transaction: good } },
    ];
    for (const request of cases) await expect(decoder.decode(request, context(account))).resolves.toBeUndefined();
    await expect(decoder.decode({ method: 'solana_signTransaction', params: { transaction: good } }, context(account))).resolves.toBeDefined();
  });
});

describe('the solana adapter’s describeApproval', () => {
  it('loads the decoder on first use and reads through the network’s RPC', async () => {
    const network = defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url);
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('solana'));
    const owner = await funded(SOL);
    const bob = Keypair.generate().publicKey;
    const transaction = await unsigned(owner.publicKey, SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: bob, lamports: 2n * SOL }));
    const decoded = await adapter.describeApproval!({ method: 'solana_signAndSendTransaction', params: { transaction } }, { network, account: owner.publicKey.toBase58(), locale: 'en' });
    expect(decoded?.actions.map((a) => a.text)).toEqual([{ key: 'approve.action.sendNative', vars: { amount: '2', symbol: 'SOL', to: short(bob) } }]);
    expect(decoded?.blocked).toEqual({ key: 'approve.risk.insufficientFunds', vars: { balance: '1 SOL', needed: '2.000005 SOL' } });
    await expect(adapter.describeApproval!({ method: 'solana_signTransaction', params: { transaction: 'nope' } }, { network, locale: 'en' })).resolves.toBeUndefined();
  });
});
