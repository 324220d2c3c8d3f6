import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelay, type RelayHandle, type RelayOptions } from './createRelay';
import { RELAY_ERRORS } from './jsonRpc';
import { connectRaw, upgradeAnswer, type RawRelayClient } from './test/rawRelayClient';
import { createRelayTestIdentity, realRelayJwt, signRelayJwt } from './test/relayJwt';
import { settleSession, startSignClient, stopSignClient } from './test/signClients';

const topic = () => randomBytes(32).toString('hex');
const publishParams = (t: string, message: string) => ({ topic: t, message, ttl: 300, tag: 1108, prompt: false });
const upgradeUrl = (relay: RelayHandle, auth: string) => `${relay.url}/?auth=${encodeURIComponent(auth)}&projectId=test&ua=raw`;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unauthorized = (reason: string) => ({ status: 401, body: `Unauthorized: ${reason}\n` });

/** `token` with its payload edited and its header and signature kept. */
function tamper(token: string, edit: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return `${header}.${b64url(edit(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>))}.${signature}`;
}

describe('auth JWT attacks at the WebSocket upgrade', () => {
  const relays: RelayHandle[] = [];
  const clients: RawRelayClient[] = [];
  const start = async (options: RelayOptions = {}) => {
    const relay = await createRelay(options);
    relays.push(relay);
    return relay;
  };
  const connect = async (relay: RelayHandle, auth: string) => {
    const client = await connectRaw(relay.url, auth);
    clients.push(client);
    return client;
  };
  /** Opens a socket with `auth` if the relay lets it in, and spends what it can of its client's share. */
  const trySpending = async (relay: RelayHandle, auth: string) => {
    const client = await connect(relay, auth).catch(() => undefined);
    if (!client) return;
    await client.request('irn_batchSubscribe', { topics: [topic(), topic()] });
    await client.request('irn_batchPublish', { messages: [publishParams(topic(), 'mine now'), publishParams(topic(), 'mine too')] });
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(relays.splice(0).map((r) => r.close()));
  });

  it('refuses a token that claims another client’s iss but is signed by a different key, and leaves that client’s share untouched', async () => {
    const relay = await start({ maxConnectionsPerClient: 2, maxTopicsPerClient: 2, maxQueuedMessagesPerClient: 2 });
    const [victim, attacker] = [createRelayTestIdentity(), createRelayTestIdentity()];
    const forged = signRelayJwt(relay.url, { identity: victim, signer: attacker });
    await Promise.all([trySpending(relay, forged), trySpending(relay, forged)]);

    // The victim still has its whole share: both sockets, both topics, both stored messages.
    const victimAuth = await realRelayJwt(relay.url, victim);
    const [first, second] = [await connect(relay, victimAuth), await connect(relay, victimAuth)];
    expect((await first!.request('irn_batchSubscribe', { topics: [topic(), topic()] })).result).toHaveLength(2);
    expect(await second!.request('irn_batchPublish', { messages: [publishParams(topic(), 'a'), publishParams(topic(), 'b')] })).toMatchObject({ result: true });
    expect(await second!.request('irn_publish', publishParams(topic(), 'c'))).toMatchObject({ error: { code: RELAY_ERRORS.mailboxLimitExceeded.code, data: RELAY_ERRORS.mailboxLimitExceeded.data } });
    expect(relay.stats()).toMatchObject({ connections: 2, subscribedTopics: 2, queuedMessages: 2 });

    expect(await upgradeAnswer(upgradeUrl(relay, forged))).toEqual({ status: 401, body: 'Unauthorized: the JWT signature does not verify against the key in iss\n' });
  });

  it('refuses a real token whose payload was edited after signing (a longer exp, someone else’s iss)', async () => {
    const relay = await start();
    const token = await realRelayJwt(relay.url);
    const victim = createRelayTestIdentity();
    expect(await upgradeAnswer(upgradeUrl(relay, tamper(token, (p) => ({ ...p, exp: (p.exp as number) + 365 * 86_400 }))))).toEqual(
      unauthorized('the JWT signature does not verify against the key in iss'),
    );
    expect(await upgradeAnswer(upgradeUrl(relay, tamper(token, (p) => ({ ...p, iss: victim.iss }))))).toEqual(unauthorized('the JWT signature does not verify against the key in iss'));
    expect(await upgradeAnswer(upgradeUrl(relay, token))).toEqual({ status: 101, body: '' });
  });

  it('refuses an expired token, one issued in the future, one for another relay and one without sub, each signed by its iss', async () => {
    const relay = await start();
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, object, string][] = [
      ['expired', { iat: now - 2 * 86_400, exp: now - 86_400 }, 'the JWT has expired'],
      ['issued in the future', { iat: now + 3600, exp: now + 3600 + 86_400 }, 'the JWT iat is in the future'],
      ['for another relay', { aud: 'wss://relay.walletconnect.org' }, `the JWT aud must be this relay's URL (${relay.url} or ws://localhost:${relay.port})`],
      ['without sub', { sub: undefined }, 'the JWT sub is missing'],
    ];
    for (const [name, payload, reason] of cases) expect(await upgradeAnswer(upgradeUrl(relay, signRelayJwt(relay.url, { payload }))), name).toEqual(unauthorized(reason));
  });

  it('refuses alg "none", with or without a signature, and any header but {alg: EdDSA, typ: JWT}', async () => {
    const relay = await start();
    const identity = createRelayTestIdentity();
    const now = Math.floor(Date.now() / 1000);
    const claims = b64url({ iss: identity.iss, sub: 'ab', aud: relay.url, iat: now, exp: now + 86_400 });
    const signed = signRelayJwt(relay.url, { identity });
    const headerRefused = unauthorized('the JWT header must be {"alg":"EdDSA","typ":"JWT"}');
    expect(await upgradeAnswer(upgradeUrl(relay, `${b64url({ alg: 'none', typ: 'JWT' })}.${claims}.`))).toEqual(unauthorized('auth is not a JWT (three base64url parts)'));
    expect(await upgradeAnswer(upgradeUrl(relay, `${b64url({ alg: 'none', typ: 'JWT' })}.${claims}.${signed.split('.')[2]}`))).toEqual(headerRefused);
    for (const header of [{ alg: 'none' }, { alg: 'HS256' }, { typ: undefined }, { typ: 'at+jwt' }]) {
      expect(await upgradeAnswer(upgradeUrl(relay, signRelayJwt(relay.url, { identity, header }))), JSON.stringify(header)).toEqual(headerRefused);
    }
  });

  it('accepts a real token from @walletconnect/relay-auth’s signJWT and serves that client', async () => {
    const relay = await start();
    const client = await connect(relay, await realRelayJwt(relay.url));
    expect((await client.request('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets two real sign-clients in and pairs them', async () => {
    const relay = await start();
    const [dapp, wallet] = [await startSignClient(relay.url, 'dapp'), await startSignClient(relay.url, 'wallet')];
    try {
      const sessionTopic = await settleSession(dapp, wallet, ['eip155:1:0x1111111111111111111111111111111111111111']);
      expect(dapp.session.get(sessionTopic).namespaces.eip155?.accounts).toHaveLength(1);
      expect(relay.stats().connections).toBe(2);
    } finally {
      await Promise.all([stopSignClient(dapp), stopSignClient(wallet)]);
    }
  });
});
