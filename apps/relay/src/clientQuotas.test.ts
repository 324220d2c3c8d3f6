import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelay, type RelayHandle, type RelayOptions } from './createRelay';
import { RELAY_ERRORS } from './jsonRpc';
import { connectRaw, upgradeStatus, type RawRelayClient } from './test/rawRelayClient';
import { signRelayJwt } from './test/relayJwt';

const topic = () => randomBytes(32).toString('hex');
const publishParams = (t: string, message: string, ttl = 300) => ({ topic: t, message, ttl, tag: 1108, prompt: false });
const isPush = (f: Record<string, unknown>) => f.method === 'irn_subscription';
const pushed = (f: Record<string, unknown>) => (f.params as { data: { topic: string; message: string } }).data;
const error = (frame: Record<string, unknown>) => frame.error as { code: number; message: string; data?: string } | undefined;

/** Expects `frame` to be the per-client refusal naming `limit`. */
function expectQuotaError(frame: Record<string, unknown>, limit: string) {
  // The hosted relay's form: a handler error naming the limit, its case in `data`.
  expect(error(frame)).toEqual({ code: RELAY_ERRORS.subscriberLimitExceeded.code, message: expect.stringContaining(`Request handler error: Client quota exceeded: ${limit} (`), data: expect.stringMatching(/^(SubscriberLimitExceeded|MailboxLimitExceeded)$/) });
}

describe('per-client shares', () => {
  const relays: RelayHandle[] = [];
  const clients: RawRelayClient[] = [];
  const start = async (options: RelayOptions) => {
    const relay = await createRelay(options);
    relays.push(relay);
    return relay;
  };
  /** A socket of the client whose JWT is `auth`; one JWT on several sockets is one client. */
  const connect = async (relay: RelayHandle, auth = signRelayJwt(relay.url)) => {
    const client = await connectRaw(relay.url, auth);
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(relays.splice(0).map((r) => r.close()));
  });

  /** The second client still subscribes, publishes and receives on `relay`. */
  async function expectOthersServed(relay: RelayHandle) {
    const [listener, publisher] = [await connect(relay), await connect(relay)];
    const t = topic();
    expect((await listener.request('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/);
    const message = `still served ${randomBytes(4).toString('hex')}`;
    expect(await publisher.request('irn_publish', publishParams(t, message))).toMatchObject({ result: true });
    expect(pushed(await listener.next((f) => isPush(f) && pushed(f).message === message))).toMatchObject({ topic: t, message });
  }

  it('with the defaults, refuses the review’s topic flood (one client, 10 sockets, 10,000 topics) at 500 topics, and serves others', async () => {
    const relay = await start({});
    const auth = signRelayJwt(relay.url);
    const sockets = await Promise.all(Array.from({ length: 10 }, () => connect(relay, auth)));
    const batch = () => Array.from({ length: 500 }, topic);
    expect((await sockets[0]!.request('irn_batchSubscribe', { topics: batch() })).result).toHaveLength(500);
    for (const socket of sockets.slice(1)) expectQuotaError(await socket.request('irn_batchSubscribe', { topics: batch() }), 'maxTopicsPerClient');
    expect(relay.stats().subscribedTopics).toBe(500);
    await expectOthersServed(relay);
  });

  it('with the defaults, refuses the review’s mailbox flood (30-day TTL, 256 KiB frames) at 4 MiB, and serves others', async () => {
    const relay = await start({});
    const auth = signRelayJwt(relay.url);
    const [first, second] = [await connect(relay, auth), await connect(relay, auth)];
    const big = 'x'.repeat(120_000);
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const answer = await (i % 2 ? second : first).request('irn_publish', publishParams(topic(), big, 30 * 24 * 3600));
      if (answer.result !== true) {
        expectQuotaError(answer, 'maxQueuedBytesPerClient');
        break;
      }
      accepted += 1;
    }
    // 4 MiB / (2 bytes per character × 120,000) = 17 messages.
    expect(accepted).toBe(17);
    expect(relay.stats().queuedBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    await expectOthersServed(relay);
  });

  it('counts subscribed topics per client across its sockets: maxTopicsPerClient', async () => {
    const relay = await start({ maxTopicsPerClient: 3 });
    const auth = signRelayJwt(relay.url);
    const [a1, a2] = [await connect(relay, auth), await connect(relay, auth)];
    const [t1, t2, t3, t4] = [topic(), topic(), topic(), topic()];
    await a1.request('irn_batchSubscribe', { topics: [t1, t2] });
    await a2.request('irn_subscribe', { topic: t3 });
    expectQuotaError(await a2.request('irn_subscribe', { topic: t4 }), 'maxTopicsPerClient');
    expectQuotaError(await a1.request('irn_batchSubscribe', { topics: [t1, t4] }), 'maxTopicsPerClient');
    // A topic the client already holds costs nothing more on another socket.
    expect((await a2.request('irn_subscribe', { topic: t1 })).result).toMatch(/^[0-9a-f]{64}$/);
    // A proposal's implicit subscription counts too, and a refused proposal publishes nothing.
    const queued = relay.stats().queuedMessages;
    expectQuotaError(await a1.request('wc_proposeSession', { pairingTopic: t4, sessionProposal: 'p', ttl: 300 }), 'maxTopicsPerClient');
    expect(relay.stats().queuedMessages).toBe(queued);
    await expectOthersServed(relay);

    // Unsubscribing, or closing the socket that held a topic, gives the share back.
    await a1.request('irn_unsubscribe', { topic: t2, id: 'x' });
    expect((await a2.request('irn_subscribe', { topic: t4 })).result).toMatch(/^[0-9a-f]{64}$/);
    await a2.close();
    expect((await a1.request('irn_batchSubscribe', { topics: [topic(), topic()] })).result).toHaveLength(2);
  });

  it('counts stored messages per publishing client: maxQueuedMessagesPerClient, all or nothing per batch', async () => {
    const relay = await start({ maxQueuedMessagesPerClient: 3 });
    const auth = signRelayJwt(relay.url);
    const [a1, a2] = [await connect(relay, auth), await connect(relay, auth)];
    const [t1, t2] = [topic(), topic()];
    await a1.request('irn_batchPublish', { messages: [publishParams(t1, 'a1'), publishParams(t1, 'a2')] });
    expectQuotaError(await a2.request('irn_batchPublish', { messages: [publishParams(t2, 'a3'), publishParams(t2, 'a4')] }), 'maxQueuedMessagesPerClient');
    expect(relay.stats().queuedMessages).toBe(2);
    await a2.request('irn_publish', publishParams(t2, 'a3'));
    expectQuotaError(await a1.request('irn_publish', publishParams(t2, 'a4')), 'maxQueuedMessagesPerClient');
    await expectOthersServed(relay);

    // Nothing the refused client stored was lost, and an acknowledgement gives its share back.
    const reader = await connect(relay);
    await reader.request('irn_batchSubscribe', { topics: [t1, t2] });
    await expect.poll(() => reader.frames.filter(isPush).map((f) => pushed(f).message)).toEqual(['a1', 'a2', 'a3']);
    const ack = reader.frames.find(isPush)!;
    const queued = relay.stats().queuedMessages;
    reader.send(JSON.stringify({ id: ack.id, jsonrpc: '2.0', result: true }));
    await expect.poll(() => relay.stats().queuedMessages).toBe(queued - 1);
    expect(await a1.request('irn_publish', publishParams(t2, 'a4'))).toMatchObject({ result: true });
  });

  it('counts stored bytes per publishing client: maxQueuedBytesPerClient', async () => {
    const relay = await start({ maxQueuedBytesPerClient: 10_000 });
    const auth = signRelayJwt(relay.url);
    const [a1, a2] = [await connect(relay, auth), await connect(relay, auth)];
    expect(await a1.request('irn_publish', publishParams(topic(), 'x'.repeat(3000)))).toMatchObject({ result: true });
    expectQuotaError(await a2.request('irn_publish', publishParams(topic(), 'x'.repeat(3000))), 'maxQueuedBytesPerClient');
    expect(await a2.request('irn_publish', publishParams(topic(), 'small'))).toMatchObject({ result: true });
    const other = await connect(relay);
    expect(await other.request('irn_publish', publishParams(topic(), 'x'.repeat(3000)))).toMatchObject({ result: true });
    await expectOthersServed(relay);
  });

  it('limits sockets per client: maxConnectionsPerClient (429), not other clients', async () => {
    const relay = await start({ maxConnectionsPerClient: 2 });
    const auth = signRelayJwt(relay.url);
    const [first] = [await connect(relay, auth), await connect(relay, auth)];
    expect(await upgradeStatus(`${relay.url}/?auth=${auth}&projectId=test`)).toBe(429);
    expect(await upgradeStatus(`${relay.url}/?auth=${signRelayJwt(relay.url)}&projectId=test`)).toBe(101);
    await expectOthersServed(relay);
    const connections = relay.stats().connections;
    await first!.close();
    await expect.poll(() => relay.stats().connections).toBe(connections - 1);
    expect(await upgradeStatus(`${relay.url}/?auth=${auth}&projectId=test`)).toBe(101);
  });

  it('stores a message no longer than maxTtlSeconds, whatever TTL it asks for, and frees the share then', async () => {
    const relay = await start({ maxTtlSeconds: 1, maxQueuedMessagesPerClient: 1, pruneIntervalMs: 50 });
    const publisher = await connect(relay);
    expect(await publisher.request('irn_publish', publishParams(topic(), 'thirty days', 30 * 24 * 3600))).toMatchObject({ result: true });
    expectQuotaError(await publisher.request('irn_publish', publishParams(topic(), 'second')), 'maxQueuedMessagesPerClient');
    await expect.poll(() => relay.stats().queuedMessages, { timeout: 5000 }).toBe(0);
    expect(await publisher.request('irn_publish', publishParams(topic(), 'second'))).toMatchObject({ result: true });
  });

  it('drops only the publisher’s own oldest message when it overflows a topic: maxQueuedPerTopic', async () => {
    const relay = await start({ maxQueuedPerTopic: 2 });
    const [other, flooder, late] = [await connect(relay), await connect(relay), await connect(relay)];
    const t = topic();
    await other.request('irn_publish', publishParams(t, 'theirs'));
    for (const n of [1, 2, 3, 4, 5]) expect(await flooder.request('irn_publish', publishParams(t, `mine ${n}`))).toMatchObject({ result: true });
    expect(await flooder.request('irn_batchPublish', { messages: [6, 7, 8].map((n) => publishParams(t, `mine ${n}`)) })).toMatchObject({ result: true });
    await late.request('irn_subscribe', { topic: t });
    await expect.poll(() => late.frames.filter(isPush).map((f) => pushed(f).message)).toEqual(['theirs', 'mine 7', 'mine 8']);
  });

  it('never lets one client’s traffic, however interleaved, refuse another client or lose what it stored', async () => {
    const share = { maxTopicsPerClient: 4, maxQueuedMessagesPerClient: 5, maxQueuedBytesPerClient: 12_000, maxQueuedPerTopic: 2 };
    // Relay-wide caps with room for both greedy clients' full shares plus what the victims need
    // (3 topics, under 1,000 bytes) and no more: a greedy client that got past its share would
    // refuse a victim.
    const options: RelayOptions = { ...share, maxTopics: 2 * 5 + 3, maxTotalBytes: 2 * 12_000 + 1000 };
    // Topic indices below `pool` name topics shared with the victims (0 and 1 are theirs); the others a fresh topic.
    const pool = 8;
    const topicIndex = fc.nat(2 * pool - 1);
    const socketIndex = fc.nat(3);
    const op = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('subscribe' as const), socket: socketIndex, topics: fc.uniqueArray(topicIndex, { minLength: 1, maxLength: 4 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('unsubscribe' as const), socket: socketIndex, topic: fc.nat(pool - 1) }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('publish' as const),
          socket: socketIndex,
          messages: fc.array(fc.record({ topic: topicIndex, size: fc.integer({ min: 1, max: 5000 }), ttl: fc.constantFrom(300, 30 * 24 * 3600) }), { minLength: 1, maxLength: 3 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconnect' as const), socket: socketIndex }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('victim' as const) }) },
    );
    let refusals = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 16 }), async (rounds) => {
        const relay = await createRelay(options);
        const open: RawRelayClient[] = [];
        const connectAs = async (auth: string) => {
          const client = await connectRaw(relay.url, auth);
          open.push(client);
          return client;
        };
        try {
          // Two greedy clients with two sockets each; topics 0 and 1 are also the victims'.
          const greedyAuth = [signRelayJwt(relay.url), signRelayJwt(relay.url)];
          const greedy = await Promise.all([0, 0, 1, 1].map((g) => connectAs(greedyAuth[g]!)));
          const topics = Array.from({ length: pool }, topic);
          const topicAt = (i: number) => topics[i] ?? topic();
          const [listener, publisher] = [await connectAs(signRelayJwt(relay.url)), await connectAs(signRelayJwt(relay.url))];
          await listener.request('irn_subscribe', { topic: topics[0] });
          expect(await publisher.request('irn_publish', publishParams(topics[1]!, 'kept for later'))).toMatchObject({ result: true });

          const checkGreedy = (answer: Record<string, unknown>, limits: string[]) => {
            if (answer.result !== undefined) return;
            expect(error(answer)?.code, JSON.stringify(answer)).toBe(RELAY_ERRORS.subscriberLimitExceeded.code);
            expect(limits.some((limit) => error(answer)!.message.startsWith(`Request handler error: Client quota exceeded: ${limit} (`)), error(answer)!.message).toBe(true);
            refusals += 1;
          };
          let victimRound = 0;
          const victim = async () => {
            const n = victimRound++;
            const fresh = topic();
            expect((await listener.request('irn_subscribe', { topic: fresh })).result).toMatch(/^[0-9a-f]{64}$/);
            for (const t of [fresh, topics[0]!]) {
              const message = `victim ${n} on ${t.slice(0, 8)}`;
              expect(await publisher.request('irn_publish', publishParams(t, message))).toMatchObject({ result: true });
              const push = await listener.next((f) => isPush(f) && pushed(f).message === message);
              listener.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }));
            }
            await listener.request('irn_unsubscribe', { topic: fresh, id: 'x' });
          };
          const run = async (o: (typeof rounds)[number][number]) => {
            if (o.kind === 'victim') return victim();
            const socket = greedy[o.socket]!;
            if (o.kind === 'subscribe') return checkGreedy(await socket.request('irn_batchSubscribe', { topics: o.topics.map(topicAt) }), ['maxTopicsPerClient']);
            if (o.kind === 'unsubscribe') return void (await socket.request('irn_unsubscribe', { topic: topics[o.topic], id: 'x' }));
            if (o.kind === 'publish') {
              const messages = o.messages.map((m) => publishParams(topicAt(m.topic), 'g'.repeat(m.size), m.ttl));
              return checkGreedy(await socket.request('irn_batchPublish', { messages }), ['maxQueuedMessagesPerClient', 'maxQueuedBytesPerClient']);
            }
            await socket.close();
            greedy[o.socket] = await connectAs(greedyAuth[o.socket >> 1]!);
          };
          // Within a round, each socket's ops run in order and the sockets race each other.
          for (const round of rounds) {
            const lanes = new Map<string | number, typeof round>();
            for (const o of round) {
              const lane = o.kind === 'victim' ? 'victim' : o.socket;
              lanes.set(lane, [...(lanes.get(lane) ?? []), o]);
            }
            await Promise.all([...lanes.values()].map(async (lane) => {
              for (const o of lane) await run(o);
            }));
          }
          await victim();

          // What the victim stored before the flood is still there for a newcomer.
          const newcomer = await connectAs(signRelayJwt(relay.url));
          await newcomer.request('irn_subscribe', { topic: topics[1] });
          await newcomer.next((f) => isPush(f) && pushed(f).message === 'kept for later');
        } finally {
          await Promise.all(open.map((c) => c.close()));
          await relay.close();
        }
      }),
      { numRuns: 40 },
    );
    // The runs did push the greedy clients past their shares, so the property was exercised.
    expect(refusals).toBeGreaterThan(0);
  }, 120_000);
});
