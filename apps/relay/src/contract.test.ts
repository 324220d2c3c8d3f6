import { loadRelayContract } from '@portico/tools/contracts';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type RelayHandle } from './createRelay';
import { connectRaw } from './test/rawRelayClient';

// Both sides of the relay held to the WalletConnect relay's JSON-RPC contract
// (tools/contracts/walletconnect-relay: from WalletConnect's relay spec and relay_rpc, the hosted
// relay's shared types): the stand-in's answers and pushes, and every frame a real sign-client sends.
const contract = loadRelayContract();
const topic = () => randomBytes(32).toString('hex');
/** A request id as sign-client makes them: 19 digits, sent as a string. */
let lastId = 1_795_922_436_213_406_000n;
const rpcId = () => String((lastId += 1n));

/** Every frame a sign-client's socket sends and receives: `ws`'s WebSocket, recording, as the client's transport finds it on `global`. */
const tapped: { out: string[]; in: string[] } = { out: [], in: [] };
class RecordingWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('message', (data) => tapped.in.push(String(data)));
  }
  override send(data: unknown, ...rest: unknown[]): void {
    tapped.out.push(String(data));
    (super.send as (...a: unknown[]) => void)(data, ...rest);
  }
}

let relay: RelayHandle;
beforeAll(async () => {
  relay = await createRelay();
});
afterAll(async () => {
  await relay?.close();
});

describe('the relay stand-in against the relay’s JSON-RPC contract', () => {
  it('every answer to a well-formed request, and every push, has the contract’s shape', async () => {
    const [listener, publisher] = [await connectRaw(relay.url), await connectRaw(relay.url)];
    const [a, b] = [topic(), topic()];
    const ask = async (client: typeof listener, method: string, params: unknown) => {
      const id = rpcId();
      const request = { id, jsonrpc: '2.0', method, params };
      expect(contract.checkClientFrame(request), method).toEqual([]);
      client.send(JSON.stringify(request));
      const answer = await client.next((f) => f.id === id && !('method' in f));
      expect(contract.checkAnswer(method, answer), `${method} ${JSON.stringify(answer)}`).toEqual([]);
      return answer;
    };
    await ask(listener, 'irn_subscribe', { topic: a });
    await ask(listener, 'irn_batchSubscribe', { topics: [b] });
    await ask(publisher, 'irn_publish', { topic: a, message: 'hello', ttl: 300, tag: 1108, prompt: false });
    await ask(publisher, 'irn_batchPublish', { messages: [{ topic: b, message: 'batched', ttl: 300, tag: 1108 }] });
    const pushes = [await listener.next((f) => f.method === 'irn_subscription' && (f.params as { data: { topic: string } }).data.topic === a), await listener.next((f) => f.method === 'irn_subscription' && (f.params as { data: { topic: string } }).data.topic === b)];
    for (const push of pushes) expect(contract.checkPush(push)).toEqual([]);
    const ack = { id: pushes[0]!.id, jsonrpc: '2.0', result: true };
    expect(contract.checkClientFrame(ack)).toEqual([]);
    await ask(publisher, 'irn_publish', { topic: topic(), message: 'kept', ttl: 300, tag: 1100 });
    await ask(listener, 'irn_batchFetchMessages', { topics: [topic()] });
    await ask(listener, 'irn_unsubscribe', { topic: a, id: randomBytes(32).toString('hex') });
    await ask(listener, 'irn_batchUnsubscribe', { subscriptions: [{ topic: b, id: randomBytes(32).toString('hex') }] });
    await Promise.all([listener.close(), publisher.close()]);
  });

  it('every refusal is the hosted relay’s error (code, case in data)', async () => {
    const client = await connectRaw(relay.url);
    // The case each refusal is, as relay_rpc names it (the schema allows any case of a code: the test says which).
    const refusals: Array<[string, unknown, number, string]> = [
      ['irn_subscribe', { topic: 'not-a-topic' }, -32600, 'InvalidTopic'],
      ['irn_batchSubscribe', { topics: [] }, -32600, 'BatchEmpty'],
      ['irn_publish', { topic: topic(), message: 'x', ttl: 0, tag: 1 }, -32000, 'TtlTooShort'],
      ['irn_publish', { topic: topic(), message: 'x', ttl: 365 * 24 * 3600, tag: 1 }, -32000, 'TtlTooLong'],
      ['irn_teleport', {}, -32600, 'InvalidMethod'],
    ];
    for (const [method, params, code, data] of refusals) {
      const id = rpcId();
      client.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      const answer = await client.next((f) => f.id === id);
      expect(answer.error, method).toMatchObject({ code, data, message: expect.stringMatching(code === -32600 ? /^Invalid payload: / : /^Request handler error: /) });
      expect(contract.checkAnswer(method, answer), JSON.stringify(answer)).toEqual([]);
    }
    client.send('{"id":1,');
    const unreadable = await client.next((f) => f.id === 0);
    expect(unreadable.error).toMatchObject({ code: -32600, data: 'Serialization' });
    expect(contract.checkAnswer('irn_publish', unreadable)).toEqual([]);
    await client.close();
  });

  it('the checker is not a rubber stamp: a short topic, a missing tag, a number result for subscribe, an error code of its own', () => {
    expect(contract.checkClientFrame({ id: rpcId(), jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'abc' } })).toEqual([expect.stringContaining('/params/topic must match pattern')]);
    expect(contract.checkClientFrame({ id: rpcId(), jsonrpc: '2.0', method: 'irn_publish', params: { topic: topic(), message: 'x', ttl: 300 } })).toEqual([expect.stringContaining("must have required property 'tag'")]);
    expect(contract.checkAnswer('irn_subscribe', { id: 1, jsonrpc: '2.0', result: 7 })).toEqual([expect.stringContaining('/result must be string')]);
    // The stand-in's old codes (-32602 invalid params, -32007 quota) are not the relay's.
    expect(contract.checkAnswer('irn_publish', { id: 1, jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params' } })).not.toEqual([]);
    expect(contract.checkAnswer('irn_publish', { id: 1, jsonrpc: '2.0', error: { code: -32007, message: 'Client quota exceeded' } })).not.toEqual([]);
  });
});

describe('a real sign-client against the relay’s JSON-RPC contract', () => {
  const original = (globalThis as { WebSocket?: unknown }).WebSocket;
  afterAll(() => {
    (globalThis as { WebSocket?: unknown }).WebSocket = original;
  });

  it('every frame it sends (subscribe, publish, propose, approve, acks) and every frame it gets is in the contract', async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = RecordingWebSocket;
    // Loaded now, so that the client's transport takes the recording socket from `global`.
    const { settleSession, startSignClient, stopSignClient } = await import('./test/signClients');
    const dapp = await startSignClient(relay.url, 'dapp');
    const wallet = await startSignClient(relay.url, 'wallet');
    try {
      const session = await settleSession(dapp, wallet, ['eip155:1:0x1111111111111111111111111111111111111111']);
      wallet.on('session_request', ({ id, topic: t }: { id: number; topic: string }) => void wallet.respond({ topic: t, response: { id, jsonrpc: '2.0', result: '0xsigned' } }));
      expect(await dapp.request({ topic: session, chainId: 'eip155:1', request: { method: 'personal_sign', params: ['0x68656c6c6f', '0x1111111111111111111111111111111111111111'] } })).toBe('0xsigned');
    } finally {
      await Promise.all([stopSignClient(dapp), stopSignClient(wallet)]);
    }
    const sent = tapped.out.map((text) => JSON.parse(text) as Record<string, unknown>);
    const methods = new Set(sent.map((f) => f.method).filter(Boolean));
    expect([...methods].sort()).toEqual(expect.arrayContaining(['irn_publish', 'irn_subscribe', 'wc_approveSession', 'wc_proposeSession']));
    for (const frame of sent) expect(contract.checkClientFrame(frame), JSON.stringify(frame).slice(0, 300)).toEqual([]);
    // The relay's side: pushes, and answers matched to the requests they answer.
    const methodOf = new Map(sent.filter((f) => f.method).map((f) => [String(f.id), String(f.method)]));
    let answers = 0;
    for (const text of tapped.in) {
      const frame = JSON.parse(text) as Record<string, unknown>;
      if (frame.method === 'irn_subscription') expect(contract.checkPush(frame)).toEqual([]);
      else {
        // Every other frame answers one of the client's requests: none is unmatched, and none is an error here.
        expect(methodOf.has(String(frame.id)), text.slice(0, 300)).toBe(true);
        expect(frame.error, text.slice(0, 300)).toBeUndefined();
        answers += 1;
        expect(contract.checkAnswer(methodOf.get(String(frame.id))!, frame), text.slice(0, 300)).toEqual([]);
      }
    }
    expect(answers).toBeGreaterThan(4);
  });
});
