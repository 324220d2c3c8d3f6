import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRelay, type RelayHandle } from './createRelay';
import { createMemoryStorage, settleSession, startSignClient, stopSignClient, walletNamespaces, type SignClientStorage, type WalletConnectClient } from './test/signClients';

const ACCOUNT = 'eip155:1:0x1111111111111111111111111111111111111111';
const SECOND_ACCOUNT = 'eip155:1:0x2222222222222222222222222222222222222222';
const namespacesFor = walletNamespaces;

/** Resolves with the next `event` the client emits. */
function nextEvent<T>(client: WalletConnectClient, event: 'session_proposal' | 'session_request' | 'session_event' | 'session_update' | 'session_delete'): Promise<T> {
  return new Promise((resolve) => client.once(event, (payload: unknown) => resolve(payload as T)));
}

/** The wallet answers every `personal_sign` with a fixed signature tagged by the message. */
function answerRequests(wallet: WalletConnectClient) {
  wallet.on('session_request', ({ id, topic, params }: { id: number; topic: string; params: { request: { params: unknown } } }) => {
    void wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: `signed:${String((params.request.params as string[])[0])}` } });
  });
}

describe('two real sign-clients through the relay', () => {
  let relay: RelayHandle;
  const running = new Set<WalletConnectClient>();
  let dappStorage: SignClientStorage;
  let dapp: WalletConnectClient;
  let wallet: WalletConnectClient;

  const start = async (name: string, storage?: SignClientStorage) => {
    const client = await startSignClient(relay.url, name, storage);
    running.add(client);
    return client;
  };
  const stop = async (client: WalletConnectClient) => {
    running.delete(client);
    await stopSignClient(client);
  };

  const settle = () => settleSession(dapp, wallet, [ACCOUNT]);

  const sign = (client: WalletConnectClient, topic: string, message: string) =>
    client.request<string>({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [message, '0x1111111111111111111111111111111111111111'] } });

  beforeAll(async () => {
    relay = await createRelay();
  });
  afterAll(async () => {
    await relay.close();
  });
  beforeEach(async () => {
    dappStorage = createMemoryStorage();
    dapp = await start('dapp', dappStorage);
    wallet = await start('wallet');
  });
  afterEach(async () => {
    await Promise.all([...running].map(stop));
  });

  it('pairs, settles a session and carries a request and its response', async () => {
    const topic = await settle();
    expect(dapp.session.get(topic).namespaces.eip155?.accounts).toEqual([ACCOUNT]);
    expect(wallet.session.get(topic).peer.metadata.name).toBe('dapp');

    const seen = nextEvent<{ params: { request: { method: string } } }>(wallet, 'session_request');
    answerRequests(wallet);
    await expect(sign(dapp, topic, '0xdeadbeef')).resolves.toBe('signed:0xdeadbeef');
    expect((await seen).params.request.method).toBe('personal_sign');
  });

  it('delivers wallet events and namespace updates to the dapp', async () => {
    const topic = await settle();
    const event = nextEvent<{ topic: string; params: { event: { name: string; data: unknown } } }>(dapp, 'session_event');
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'accountsChanged', data: ['0x2222222222222222222222222222222222222222'] } });
    expect((await event).params.event).toEqual({ name: 'accountsChanged', data: ['0x2222222222222222222222222222222222222222'] });

    const update = nextEvent<{ topic: string; params: { namespaces: ReturnType<typeof namespacesFor> } }>(dapp, 'session_update');
    const { acknowledged } = await wallet.update({ topic, namespaces: namespacesFor([ACCOUNT, SECOND_ACCOUNT]) });
    expect((await update).params.namespaces.eip155.accounts).toEqual([ACCOUNT, SECOND_ACCOUNT]);
    await acknowledged();
    expect(dapp.session.get(topic).namespaces.eip155?.accounts).toEqual([ACCOUNT, SECOND_ACCOUNT]);
  });

  it('deletes the session on both sides when the dapp disconnects', async () => {
    const topic = await settle();
    const deleted = nextEvent<{ topic: string }>(wallet, 'session_delete');
    await dapp.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } });
    expect((await deleted).topic).toBe(topic);
    expect(wallet.session.keys).not.toContain(topic);
    expect(dapp.session.keys).not.toContain(topic);
  });

  it('recovers when the relay drops every socket: clients reconnect, resubscribe and requests still work', async () => {
    const topic = await settle();
    answerRequests(wallet);
    const reconnected = Promise.all([dapp, wallet].map((c) => new Promise((resolve) => c.core.relayer.once('relayer_connect', resolve))));
    // A relay restart on the same port: both sockets drop, the subscriptions are gone server-side.
    const { port } = relay;
    await relay.close();
    relay = await createRelay({ port });
    await reconnected;
    await expect(sign(dapp, topic, '0x01')).resolves.toBe('signed:0x01');
    await expect(sign(dapp, topic, '0x02')).resolves.toBe('signed:0x02');
  });

  it('queues what is published while the receiver is offline and delivers it when it comes back', async () => {
    const topic = await settle();
    await dapp.core.relayer.transportClose();
    const before = relay.stats().queuedMessages;
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'accountsChanged', data: ['0x3333333333333333333333333333333333333333'] } });
    await expect.poll(() => relay.stats().queuedMessages).toBe(before + 1);

    const event = nextEvent<{ params: { event: { data: unknown } } }>(dapp, 'session_event');
    await dapp.core.relayer.transportOpen();
    expect((await event).params.event.data).toEqual(['0x3333333333333333333333333333333333333333']);
    // The dapp acknowledged the push, so the relay no longer holds it.
    await expect.poll(() => relay.stats().queuedMessages).toBe(before);
  });

  it('restores a session in a new client over the same storage, including messages sent meanwhile', async () => {
    const topic = await settle();
    answerRequests(wallet);
    await stop(dapp);
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'accountsChanged', data: ['0x4444444444444444444444444444444444444444'] } });

    const restored = await start('dapp', dappStorage);
    const event = nextEvent<{ params: { event: { data: unknown } } }>(restored, 'session_event');
    expect(restored.session.get(topic).namespaces.eip155?.accounts).toEqual([ACCOUNT]);
    expect((await event).params.event.data).toEqual(['0x4444444444444444444444444444444444444444']);
    await expect(sign(restored, topic, '0x05')).resolves.toBe('signed:0x05');
  });
});
