import { createAppClient, viemConnector } from '@farcaster/auth-client';
import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider } from './createOidcProvider';
import { farcasterAccount } from './farcaster';
import { approveFarcaster } from './testing';

describe('the Farcaster stand-in (relay, Farcaster app page, ID registry), used by @farcaster/auth-client as the app', () => {
  let anvil: AnvilNode;
  let server: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    anvil = await startAnvil();
    server = await startOidcProvider({ providers: {}, farcaster: { rpcUrl: anvil.url } });
  });
  afterAll(async () => {
    await server?.close();
    await anvil?.stop();
  });
  const relay = (path: string, init?: RequestInit) => fetch(`${server.farcasterRelay}${path}`, init);
  const post = (body: unknown) => relay('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a channel, pending until the app signs; then completed with a message that verifies against the registry', async () => {
    const app = createAppClient({ relay: server.farcasterRelay!, ethereum: viemConnector({ rpcUrl: anvil.url }) });
    const channel = await app.createChannel({ siweUri: 'https://app.example', domain: 'app.example', nonce: 'n0nce0123456789' });
    expect(channel.isError).toBe(false);
    expect(channel.response.status).toBe(201);
    expect(channel.data).toMatchObject({ nonce: 'n0nce0123456789', url: expect.stringMatching(/\/farcaster\/~\/siwf\?channelToken=/) });
    const pending = await app.status({ channelToken: channel.data.channelToken });
    expect(pending.response.status).toBe(202);
    expect(pending.data.state).toBe('pending');
    expect((await approveFarcaster(channel.data.url, 'alice')).status).toBe(200);
    const done = await app.status({ channelToken: channel.data.channelToken });
    expect(done.response.status).toBe(200);
    const alice = farcasterAccount('alice');
    expect(done.data).toMatchObject({ state: 'completed', fid: alice.fid, username: 'alice', displayName: 'Alice' });
    const verified = await app.verifySignInMessage({ nonce: 'n0nce0123456789', domain: 'app.example', message: done.data.message!, signature: done.data.signature!, acceptAuthAddress: false });
    expect(verified.isError).toBe(false);
    expect(verified.fid).toBe(alice.fid);
    expect(verified.data.address).toBe(alice.custody.address);
  });

  it('refuses malformed channels, unknown tokens, an authenticate without the relay key, and an unknown channel page, each with a reason', async () => {
    expect(await (await post({ siweUri: 'not a url', domain: 'app.example' })).json()).toEqual({ error: 'siweUri: expected a URL' });
    expect(await (await post({ siweUri: 'https://app.example', domain: '<script>' })).json()).toEqual({ error: 'domain: expected a host' });
    expect(await (await post({ siweUri: 'https://app.example', domain: 'app.example', nonce: 'short' })).json()).toEqual({ error: 'nonce: expected 8 or more letters and digits' });
    expect((await relay('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' })).status).toBe(400);
    expect((await relay('/v1/channel/status', { headers: { authorization: 'Bearer unknown-token-0123456789' } })).status).toBe(401);
    const { channelToken } = (await (await post({ siweUri: 'https://app.example', domain: 'app.example' })).json()) as { channelToken: string };
    const forged = await relay('/v1/channel/authenticate', { method: 'POST', headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'm', signature: '0x00', fid: 1 }) });
    expect(forged.status).toBe(401);
    const page = await fetch(`${server.url}/farcaster/~/siwf?channelToken=no-such-channel-0123`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await approveFarcaster(`${server.url}/farcaster/~/siwf?channelToken=${channelToken}`, 'Not A Name!')).status).toBe(400);
  });
});
