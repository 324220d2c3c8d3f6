import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type RelayHandle, type RelayOptions } from './createRelay';
import { RELAY_ERRORS } from './jsonRpc';
import { connectRaw, upgradeStatus, type RawRelayClient } from './test/rawRelayClient';
import { signRelayJwt } from './test/relayJwt';
import { sendOversizedFrame } from './test/sendOversizedFrame';
import { settleSession, startSignClient, stopSignClient } from './test/signClients';

const topic = () => randomBytes(32).toString('hex');
const issOf = (client: RawRelayClient) => {
  const payload = new URL(client.socket.url).searchParams.get('auth')!.split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss: string }).iss;
};
const publishParams = (t: string, message: string, ttl = 300) => ({ topic: t, message, ttl, tag: 1108, prompt: false });
const errorCode = (frame: Record<string, unknown>) => (frame.error as { code: number } | undefined)?.code;
/** The refusal's case, as relay_rpc names it in `data`. */
const errorCase = (frame: Record<string, unknown>) => (frame.error as { data?: string } | undefined)?.data;
const isPush = (f: Record<string, unknown>) => f.method === 'irn_subscription';
const pushData = (f: Record<string, unknown>) => (f.params as { id: string; data: Record<string, unknown> });

describe('createRelay over raw sockets', () => {
  let relay: RelayHandle;
  const clients: RawRelayClient[] = [];
  const extraRelays: RelayHandle[] = [];
  const connect = async (url = relay.url, auth?: string | null) => {
    const client = await connectRaw(url, auth);
    clients.push(client);
    return client;
  };
  const startExtraRelay = async (options: RelayOptions) => {
    const extra = await createRelay(options);
    extraRelays.push(extra);
    return extra;
  };

  beforeAll(async () => {
    relay = await createRelay({ pruneIntervalMs: 50 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(extraRelays.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await relay.close();
  });

  it('listens on 127.0.0.1 and reports a ws:// url', () => {
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`);
    expect(relay.port).toBeGreaterThan(0);
  });

  it('rejects upgrades whose auth JWT is missing or malformed with 401', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const good = signRelayJwt(relay.url);
    const [h, p, s] = good.split('.');
    const bad = [
      '',
      'not-a-jwt',
      `${h}.${p}`,
      `${h}.${p}.${s}.extra`,
      `${h}.!!!.${s}`,
      signRelayJwt(relay.url, { header: { alg: 'HS256' } }),
      signRelayJwt(relay.url, { payload: { iss: 'did:web:example.com' } }),
      signRelayJwt(relay.url, { payload: { exp: 1 } }),
      signRelayJwt(relay.url, { payload: { sub: 42 } }),
      `${b64({ alg: 'EdDSA' })}.${b64('just a string')}.${s}`,
    ];
    expect(await upgradeStatus(`${relay.url}/?projectId=x`)).toBe(401);
    for (const auth of bad) expect(await upgradeStatus(`${relay.url}/?auth=${encodeURIComponent(auth)}&projectId=x`), auth).toBe(401);
    expect(await upgradeStatus(`${relay.url}/?auth=${good}&projectId=x&ua=wc-2%2Fjs-2.25.0`)).toBe(101);
  });

  it('answers plain HTTP with 426 and serves /health', async () => {
    const http = relay.url.replace('ws://', 'http://');
    expect((await fetch(http)).status).toBe(426);
    const health = await fetch(`${http}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ connections: expect.any(Number), queuedMessages: expect.any(Number) });
  });

  it('answers malformed JSON, non-JSON-RPC, unknown methods and bad params with JSON-RPC errors and keeps the socket', async () => {
    const client = await connect();
    client.send('{"id":1,"jsonrpc":"2.0",');
    // The hosted relay's answers (relay_rpc's mapping): a code, the case in `data`, the message's kind first.
    expect(await client.next((f) => 'error' in f)).toMatchObject({ id: 0, error: { code: -32600, message: 'Invalid payload: Failed to deserialize request', data: 'Serialization' } });

    const frames: [string, string][] = [
      ['[]', 'Serialization'],
      ['42', 'Serialization'],
      ['{"foo":1}', 'InvalidJsonRpcVersion'],
      ['{"id":7,"jsonrpc":"1.0","method":"irn_subscribe"}', 'InvalidJsonRpcVersion'],
      ['{"id":{},"jsonrpc":"2.0","method":"irn_subscribe"}', 'InvalidRequestId'],
    ];
    for (const [frame, data] of frames) {
      client.frames.length = 0;
      client.send(frame);
      expect((await client.next((f) => 'error' in f)).error, frame).toMatchObject({ code: -32600, data });
    }

    expect(await client.request('irn_teleport', {}, 11)).toMatchObject({ id: 11, error: { code: -32600, message: 'Invalid payload: Invalid request method: irn_teleport', data: 'InvalidMethod' } });
    const badParams: [string, unknown, number, string][] = [
      ['irn_subscribe', { topic: 'not-a-topic' }, -32600, 'InvalidTopic'],
      ['irn_subscribe', [], -32600, 'InvalidTopic'],
      ['irn_batchSubscribe', { topics: [] }, -32600, 'BatchEmpty'],
      ['irn_batchSubscribe', { topics: Array.from({ length: 501 }, topic) }, -32600, 'BatchLimitExceeded'],
      ['irn_unsubscribe', { topic: topic() }, -32600, 'InvalidParams'],
      ['irn_publish', { topic: topic(), message: 'x' }, -32600, 'InvalidParams'],
      ['irn_publish', { topic: topic(), message: '', ttl: 300 }, -32600, 'InvalidParams'],
      ['irn_publish', { topic: topic(), message: 'x', ttl: 0 }, -32000, 'TtlTooShort'],
      ['irn_publish', { topic: topic(), message: 'x', ttl: 31 * 24 * 3600 }, -32000, 'TtlTooLong'],
      ['irn_batchPublish', { messages: [{ topic: 'nope', message: 'x', ttl: 300 }] }, -32600, 'InvalidTopic'],
      ['irn_batchFetchMessages', {}, -32600, 'InvalidParams'],
      ['wc_proposeSession', { pairingTopic: topic(), ttl: 300 }, -32600, 'InvalidParams'],
      ['wc_approveSession', { pairingTopic: topic(), sessionTopic: topic(), sessionProposalResponse: 'a', ttl: 300 }, -32600, 'InvalidParams'],
    ];
    for (const [method, params, code, data] of badParams) expect((await client.request(method, params)).error, `${method} ${JSON.stringify(params).slice(0, 80)}`).toMatchObject({ code, data });

    expect((await client.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('echoes 19-digit request ids exactly, as number or string', async () => {
    const client = await connect();
    const t = topic();
    const raw: string[] = [];
    client.socket.on('message', (data) => raw.push(String(data)));
    client.send(`{"id":1795425430275670016,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${t}"}}`);
    client.send(`{"id":"1795425430275670017","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${t}"}}`);
    await expect.poll(() => raw.length).toBe(2);
    expect(raw[0]).toMatch(/^\{"id":1795425430275670016,/);
    expect(raw[1]).toMatch(/^\{"id":"1795425430275670017",/);
  });

  it('routes a publish to the other subscribers only, with the shapes sign-client reads, until acknowledged', async () => {
    const [alice, bob] = [await connect(), await connect()];
    const t = topic();
    const subId = (await alice.request('irn_subscribe', { topic: t })).result;
    expect(subId).toBe(createHash('sha256').update(t + issOf(alice)).digest('hex'));
    await bob.request('irn_subscribe', { topic: t });

    expect(await bob.request('irn_publish', publishParams(t, 'hello'))).toMatchObject({ result: true });
    const push = await alice.next(isPush);
    expect(push).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number), params: { id: subId, data: { topic: t, message: 'hello', tag: 1108, publishedAt: expect.any(Number) } } });
    expect(bob.frames.some(isPush)).toBe(false);
    expect(relay.stats().queuedMessages).toBeGreaterThanOrEqual(1);

    alice.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }));
    await expect.poll(() => relay.stats().queuedMessages).toBe(0);
  });

  it('queues messages for topics nobody listens to and delivers them on subscribe or batchFetchMessages', async () => {
    const [publisher, late, fetcher] = [await connect(), await connect(), await connect()];
    const [t1, t2] = [topic(), topic()];
    await publisher.request('irn_batchPublish', { messages: [publishParams(t1, 'one'), publishParams(t1, 'two'), publishParams(t2, 'three')] });

    expect((await late.request('irn_batchSubscribe', { topics: [t1] })).result).toEqual([createHash('sha256').update(t1 + issOf(late)).digest('hex')]);
    await expect.poll(() => late.frames.filter(isPush).map((f) => pushData(f).data.message)).toEqual(['one', 'two']);

    const fetched = (await fetcher.request('irn_batchFetchMessages', { topics: [t2] })).result as { messages: Record<string, unknown>[]; hasMore: boolean };
    expect(fetched).toEqual({ hasMore: false, messages: [{ topic: t2, message: 'three', publishedAt: expect.any(Number), tag: 1108 }] });
    expect((await fetcher.request('irn_batchFetchMessages', { topics: [t2] })).result).toEqual({ messages: [], hasMore: false });
    // The publisher never gets its own messages back, even from the mailbox.
    expect((await publisher.request('irn_batchFetchMessages', { topics: [t1] })).result).toEqual({ messages: [], hasMore: false });
  });

  it('stops pushing after irn_unsubscribe / irn_batchUnsubscribe', async () => {
    const [listener, publisher] = [await connect(), await connect()];
    const [t1, t2] = [topic(), topic()];
    const [id1, id2] = (await listener.request('irn_batchSubscribe', { topics: [t1, t2] })).result as string[];
    expect(await listener.request('irn_unsubscribe', { topic: t1, id: id1 })).toMatchObject({ result: true });
    expect(await listener.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: id2 }] })).toMatchObject({ result: true });
    await publisher.request('irn_publish', publishParams(t1, 'late'));
    await publisher.request('irn_publish', publishParams(t2, 'late'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listener.frames.some(isPush)).toBe(false);
  });

  it('fans wc_proposeSession and wc_approveSession out and subscribes their publisher', async () => {
    const [dapp, wallet] = [await connect(), await connect()];
    const [pairingTopic, sessionTopic] = [topic(), topic()];
    expect(await dapp.request('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, tag: 1100, correlationId: 1 })).toMatchObject({ result: true });
    await wallet.request('irn_subscribe', { topic: pairingTopic });
    await expect.poll(() => wallet.frames.filter(isPush).map((f) => pushData(f).data.message)).toEqual(['proposal']);

    expect(await wallet.request('wc_approveSession', { sessionTopic, pairingTopic, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle', ttl: 300, tag: 1102 })).toMatchObject({ result: true });
    // The dapp never sent irn_subscribe for the pairing topic: the proposal subscribed it.
    await expect.poll(() => dapp.frames.filter(isPush).map((f) => pushData(f).data)).toEqual([expect.objectContaining({ topic: pairingTopic, message: 'response' })]);
    await dapp.request('irn_subscribe', { topic: sessionTopic });
    await expect.poll(() => dapp.frames.filter(isPush).length).toBe(2);
    expect(pushData(dapp.frames.filter(isPush)[1] as Record<string, unknown>).data).toMatchObject({ topic: sessionTopic, message: 'settle' });
    // …and the approval subscribed the wallet to the session topic.
    await dapp.request('irn_publish', publishParams(sessionTopic, 'ack'));
    await expect.poll(() => wallet.frames.filter(isPush).some((f) => pushData(f).data.message === 'ack')).toBe(true);
  });

  it('drops messages whose TTL has passed', async () => {
    const [publisher, late] = [await connect(), await connect()];
    const t = topic();
    const before = relay.stats().queuedMessages;
    await publisher.request('irn_publish', publishParams(t, 'short-lived', 1));
    expect(relay.stats().queuedMessages).toBe(before + 1);
    await expect.poll(() => relay.stats().queuedMessages, { timeout: 3000 }).toBe(before);
    await late.request('irn_subscribe', { topic: t });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(late.frames.some(isPush)).toBe(false);
  });

  it('caps queued messages per topic, total bytes and topics', async () => {
    const small = await startExtraRelay({ maxQueuedPerTopic: 3, maxTopics: 2, maxTotalBytes: 4096 });
    const [publisher, late] = [await connect(small.url), await connect(small.url)];
    const t = topic();
    for (const n of [1, 2, 3, 4, 5]) await publisher.request('irn_publish', publishParams(t, `m${n}`));
    expect(small.stats().queuedMessages).toBe(3);
    await late.request('irn_subscribe', { topic: t });
    await expect.poll(() => late.frames.filter(isPush).map((f) => pushData(f).data.message)).toEqual(['m3', 'm4', 'm5']);

    expect(errorCase(await publisher.request('irn_publish', publishParams(topic(), 'x'.repeat(3000))))).toBe(RELAY_ERRORS.mailboxLimitExceeded.data);
    await publisher.request('irn_publish', publishParams(topic(), 'second topic'));
    expect(errorCase(await publisher.request('irn_publish', publishParams(topic(), 'third topic')))).toBe(RELAY_ERRORS.mailboxLimitExceeded.data);
    expect(small.stats()).toMatchObject({ queuedTopics: 2 });
  });

  it('closes a socket that sends a frame over maxMessageBytes with 1009, and serves others', async () => {
    const small = await startExtraRelay({ maxMessageBytes: 1024 });
    const client = await connect(small.url);
    client.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_publish', params: publishParams(topic(), 'x'.repeat(2000)) }));
    expect((await client.closed).code).toBe(1009);
    const other = await connect(small.url);
    expect((await other.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('closes a socket that sends a 16 MiB frame with 1009 over a clean close, not a reset (1006)', async () => {
    // Default maxMessageBytes; the relay must not reset the connection while the frame still streams in.
    const outcome = await sendOversizedFrame(relay.url, 16 * 1024 * 1024);
    expect(outcome).toEqual({ code: 1009, closeFrameCode: 1009, reset: false });
    const other = await connect();
    expect((await other.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rate-limits a flooding socket with 3001 TooManyRequests (answering each refused request by its id), then closes it with 1008 if it keeps going', async () => {
    const limited = await startExtraRelay({ rateLimit: { perSecond: 5, burst: 20 } });
    const client = await connect(limited.url);
    for (let i = 0; i < 30; i++) client.send(JSON.stringify({ id: 1000 + i, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: topic() } }));
    await expect.poll(() => client.frames.length).toBe(30);
    expect(client.frames.filter((f) => 'result' in f)).toHaveLength(20);
    const refused = client.frames.filter((f) => errorCode(f) === RELAY_ERRORS.tooManyRequests.code);
    expect(refused).toHaveLength(10);
    // Each refusal names the request it refuses (none is left to the client's timeout), in the relay's words.
    expect(refused.map((f) => f.id).sort()).toEqual(client.frames.filter((f) => !('result' in f)).map((f) => f.id).sort());
    expect(new Set(refused.map((f) => f.id)).size).toBe(10);
    expect(refused[0]!.error).toEqual({ code: 3001, message: 'Too many requests', data: 'TooManyRequests' });

    for (let i = 0; i < 50; i++) client.send('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{}}');
    expect((await client.closed).code).toBe(1008);
    const other = await connect(limited.url);
    expect((await other.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('still pairs two real sign-clients after all of the above', async () => {
    const [dapp, wallet] = [await startSignClient(relay.url, 'dapp'), await startSignClient(relay.url, 'wallet')];
    try {
      const sessionTopic = await settleSession(dapp, wallet, ['eip155:1:0x1111111111111111111111111111111111111111']);
      expect(dapp.session.get(sessionTopic).namespaces.eip155?.accounts).toHaveLength(1);
    } finally {
      await Promise.all([stopSignClient(dapp), stopSignClient(wallet)]);
    }
  });

  it('closes every socket and stops listening on close()', async () => {
    const extra = await startExtraRelay({});
    const client = await connect(extra.url);
    await extra.close();
    expect((await client.closed).code).toBe(1006);
    await expect(connectRaw(extra.url)).rejects.toThrow();
    await extra.close();
  });
});
