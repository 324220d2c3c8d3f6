import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import {
  AccountRole,
  address,
  airdropFactory,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { ComputeBudgetProgram, Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey, sendAndConfirmTransaction, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOLANA_LOCALNET_GENESIS_HASH, type SolanaServer, startSolanaServer } from './solanaServer';

let server: SolanaServer;
let connection: Connection;
const payer = Keypair.generate();

beforeAll(async () => {
  server = await startSolanaServer();
  connection = new Connection(server.url, { commitment: 'confirmed', wsEndpoint: server.wsUrl });
  await server.airdrop(payer.publicKey.toBase58(), 10n * BigInt(LAMPORTS_PER_SOL));
});

afterAll(async () => {
  await server.stop();
});

async function post(body: string | object, headers: Record<string, string> = {}) {
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as { result?: unknown; error?: { code: number; message: string } } };
}

function transfer(to: PublicKey, lamports: number) {
  return new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }));
}

/** A transfer from `payer` with a blockhash and fee payer set, still unsigned. */
async function unsignedTransfer(to: PublicKey, lamports: number) {
  const transaction = transfer(to, lamports);
  transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  transaction.feePayer = payer.publicKey;
  return transaction;
}

describe('startSolanaServer', () => {
  it('serves the fixed localnet genesis hash', async () => {
    const expected = getBase58Decoder().decode(createHash('sha256').update('portico-solana-localnet').digest());
    expect(SOLANA_LOCALNET_GENESIS_HASH).toBe(expected);
    expect(server.genesisHash).toBe(expected);
    expect(await connection.getGenesisHash()).toBe(expected);
  });

  it('airdrops through requestAirdrop and reports the balance', async () => {
    const wallet = Keypair.generate();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const signature = await connection.requestAirdrop(wallet.publicKey, LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    expect(await connection.getBalance(wallet.publicKey)).toBe(LAMPORTS_PER_SOL);
    expect(server.balance(wallet.publicKey.toBase58())).toBe(BigInt(LAMPORTS_PER_SOL));
  });

  it('lands a transfer confirmed over signatureSubscribe, charging the amount plus the 5000-lamport fee', async () => {
    const recipient = Keypair.generate().publicKey;
    const before = await connection.getBalance(payer.publicKey);
    const amount = 0.01 * LAMPORTS_PER_SOL;
    const signature = await sendAndConfirmTransaction(connection, transfer(recipient, amount), [payer]);
    expect(await connection.getBalance(recipient)).toBe(amount);
    expect(await connection.getBalance(payer.publicKey)).toBe(before - amount - 5000);

    const landed = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(landed?.meta).toMatchObject({ err: null, fee: 5000, preBalances: [before, 0, 1], postBalances: [before - amount - 5000, amount, 1] });
    expect(landed?.slot).toBeGreaterThan(0);
    expect(landed?.blockTime).toBeGreaterThan(1_700_000_000);

    const [status] = (await connection.getSignatureStatuses([signature])).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const unknown = getBase58Decoder().decode(new Uint8Array(64).fill(9));
    expect((await connection.getSignatureStatuses([unknown])).value).toEqual([null]);

    const history = await connection.getSignaturesForAddress(recipient);
    expect(history.map((entry) => entry.signature)).toEqual([signature]);
    const second = await sendAndConfirmTransaction(connection, transfer(recipient, amount), [payer]);
    expect((await connection.getSignaturesForAddress(recipient, { limit: 1 })).map((entry) => entry.signature)).toEqual([second]);
    expect((await connection.getSignaturesForAddress(recipient)).map((entry) => entry.signature)).toEqual([second, signature]);
  });

  it('accepts a blockhash fetched before other transactions landed', async () => {
    const stale = await unsignedTransfer(Keypair.generate().publicKey, LAMPORTS_PER_SOL / 100);
    await server.airdrop(Keypair.generate().publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    expect((await connection.getLatestBlockhash()).blockhash).not.toBe(stale.recentBlockhash);
    stale.sign(payer);
    const signature = await connection.sendRawTransaction(stale.serialize());
    expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull();
  });

  it('rejects a transfer below the rent-exempt minimum to a new account', async () => {
    const before = await connection.getBalance(payer.publicKey);
    await expect(sendAndConfirmTransaction(connection, transfer(Keypair.generate().publicKey, 1000), [payer])).rejects.toThrow(/insufficient funds for rent/);
    expect(await connection.getBalance(payer.publicKey)).toBe(before);
  });

  it('records a failed transaction sent with skipPreflight and charges its fee', async () => {
    const before = await connection.getBalance(payer.publicKey);
    const transaction = await unsignedTransfer(Keypair.generate().publicKey, before * 2);
    transaction.sign(payer);
    const signature = await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true });
    const { value } = await connection.getSignatureStatus(signature);
    expect(value?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(payer.publicKey)).toBe(before - 5000);
    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.logMessages?.join('\n')).toMatch(/insufficient lamports/);
  });

  it('rejects unsigned and wrongly signed transactions', async () => {
    const before = await connection.getBalance(payer.publicKey);
    const unsigned = await unsignedTransfer(Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10);
    await expect(connection.sendRawTransaction(unsigned.serialize({ requireAllSignatures: false }))).rejects.toThrow(/signature verification failure/);

    const forged = await unsignedTransfer(Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10);
    const impostor = Keypair.generate();
    forged.addSignature(payer.publicKey, Buffer.from(ed25519.sign(forged.serializeMessage(), impostor.secretKey.slice(0, 32))));
    await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }))).rejects.toThrow(/signature verification failure/);
    expect(await connection.getBalance(payer.publicKey)).toBe(before);
  });

  it('quotes the fee it charges, priority fee included', async () => {
    const transaction = await unsignedTransfer(Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10);
    transaction.instructions.unshift(ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 2_000_000 }));
    const quoted = await connection.getFeeForMessage(transaction.compileMessage());
    expect(quoted.value).toBe(5000 + 20_000);
    const before = await connection.getBalance(payer.publicKey);
    await sendAndConfirmTransaction(connection, transaction, [payer]);
    expect(await connection.getBalance(payer.publicKey)).toBe(before - LAMPORTS_PER_SOL / 10 - 25_000);
  });

  it('works with @solana/kit: airdrop, a v0 transfer confirmed over subscriptions, getBalance', async () => {
    const rpc = createSolanaRpc(server.url);
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl);
    const signer = await generateKeyPairSigner();
    await airdropFactory({ rpc, rpcSubscriptions })({ recipientAddress: signer.address, lamports: lamports(2n * BigInt(LAMPORTS_PER_SOL)), commitment: 'confirmed' });
    const recipient = (await generateKeyPairSigner()).address;
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true);
    new DataView(data.buffer).setBigUint64(4, 1_000_000n, true);
    const transfer = { programAddress: address('11111111111111111111111111111111'), accounts: [{ address: signer.address, role: AccountRole.WRITABLE_SIGNER as const, signer }, { address: recipient, role: AccountRole.WRITABLE as const }], data };
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(signer, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
      (draft) => appendTransactionMessageInstruction(transfer, draft),
    );
    const transaction = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(transaction);
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: 'confirmed' });

    expect((await rpc.getBalance(recipient).send()).value).toBe(1_000_000n);
    expect((await rpc.getBalance(signer.address).send()).value).toBe(2n * BigInt(LAMPORTS_PER_SOL) - 1_000_000n - 5000n);
    const landed = await rpc.getTransaction(getSignatureFromTransaction(transaction), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(landed).toMatchObject({ version: 0, meta: { err: null, fee: 5000n } });
  });
});

describe('JSON-RPC errors', () => {
  it('answers malformed JSON with -32700, a non-request with -32600 and an unknown method with -32601', async () => {
    expect((await post('{"jsonrpc":')).json.error?.code).toBe(-32700);
    expect((await post('42')).json.error?.code).toBe(-32600);
    const unknown = await post({ jsonrpc: '2.0', id: 1, method: 'getEverything', params: [] });
    expect(unknown.json.error).toMatchObject({ code: -32601, message: expect.stringContaining('getEverything') });
  });

  it('answers a bad address with -32602 naming the problem', async () => {
    const { json } = await post({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['not-an-address'] });
    expect(json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/address.*"not-an-address"/) });
    const wrongType = await post({ jsonrpc: '2.0', id: 2, method: 'getMinimumBalanceForRentExemption', params: ['ten'] });
    expect(wrongType.json.error).toMatchObject({ code: -32602, message: expect.stringContaining('dataLength') });
  });

  it('answers batches in order', async () => {
    const { json } = await post([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
    ]);
    expect(json).toMatchObject([
      { id: 1, result: 'ok' },
      { id: 2, error: { code: -32601 } },
    ]);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const { status } = await post({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(2 * 1024 * 1024)] });
    expect(status).toBe(413);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(server.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' } });

  it('allows a loopback origin', async () => {
    const response = await preflight('http://127.0.0.1:5173');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/solana-client/);
    const { headers, json } = await post({ jsonrpc: '2.0', id: 1, method: 'getHealth' }, { origin: 'http://127.0.0.1:5173' });
    expect(headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(json.result).toBe('ok');
  });

  it('refuses another origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const posted = await fetch(server.url, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
    expect(posted.status).toBe(403);
  });
});

interface PubSubMessage {
  id?: number;
  error?: { code: number; message: string };
  result?: unknown;
  method?: string;
  params?: { subscription: number; result: { context: { slot: number }; value: { err?: unknown; lamports?: number } } };
}

async function openSocket() {
  const socket = new WebSocket(server.wsUrl);
  const messages: PubSubMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as PubSubMessage);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  return {
    socket,
    messages,
    request: (id: number, method: string, params: unknown[]) => socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params })),
    async next(predicate: (message: PubSubMessage) => boolean) {
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
  };
}

describe('WebSocket', () => {
  it('answers a bad frame with an error and keeps the connection', async () => {
    const { socket, next, request } = await openSocket();
    socket.send('not json');
    expect((await next((message) => message.error !== undefined)).error?.code).toBe(-32700);
    request(1, 'slotSubscribe', []);
    expect(typeof (await next((message) => message.id === 1)).result).toBe('number');
    request(2, 'accountSubscribe', ['bad address']);
    expect((await next((message) => message.id === 2)).error?.code).toBe(-32602);
    socket.close();
  });

  it('notifies a signature once it lands, or at once when it already has, then drops the subscription', async () => {
    const { socket, next, request, messages } = await openSocket();
    const transaction = await unsignedTransfer(Keypair.generate().publicKey, LAMPORTS_PER_SOL / 10);
    transaction.sign(payer);
    const signature = getBase58Decoder().decode(transaction.signature!);
    request(1, 'signatureSubscribe', [signature, { commitment: 'confirmed' }]);
    const pending = (await next((message) => message.id === 1)).result as number;
    expect(messages.some((message) => message.method === 'signatureNotification')).toBe(false);
    await connection.sendRawTransaction(transaction.serialize());
    const notification = await next((message) => message.method === 'signatureNotification');
    expect(notification.params).toMatchObject({ subscription: pending, result: { value: { err: null } } });

    request(2, 'signatureSubscribe', [signature]);
    const landed = (await next((message) => message.id === 2)).result as number;
    expect((await next((message) => message.params?.subscription === landed)).method).toBe('signatureNotification');
    request(3, 'signatureUnsubscribe', [landed]);
    expect((await next((message) => message.id === 3)).error?.code).toBe(-32602);
    socket.close();
  });

  it('notifies balance changes of a subscribed account', async () => {
    const { socket, next, request } = await openSocket();
    const wallet = Keypair.generate().publicKey.toBase58();
    request(7, 'accountSubscribe', [wallet, { encoding: 'base64' }]);
    await next((message) => message.id === 7);
    await server.airdrop(wallet, 2n * BigInt(LAMPORTS_PER_SOL));
    const notification = await next((message) => message.method === 'accountNotification');
    expect(notification.params?.result.value.lamports).toBe(2 * LAMPORTS_PER_SOL);
    socket.close();
  });
});

describe('options', () => {
  it('serves WebSockets on a separate port and applies an explicit origin list', async () => {
    const custom = await startSolanaServer({ wsPort: 0, allowedOrigins: ['http://wallet.test:8080'] });
    try {
      expect(custom.wsUrl).not.toBe(custom.url.replace('http', 'ws'));
      const allowed = await fetch(custom.url, { method: 'OPTIONS', headers: { origin: 'http://wallet.test:8080' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://wallet.test:8080');
      expect((await fetch(custom.url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173' } })).status).toBe(403);

      const socket = new WebSocket(custom.wsUrl);
      const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
      expect(JSON.parse(await reply)).toMatchObject({ id: 1, result: expect.any(Number) });
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await custom.stop();
      await closed;
    } finally {
      await custom.stop();
    }
  });
});
