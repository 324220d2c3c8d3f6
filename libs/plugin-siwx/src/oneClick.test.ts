import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import type { SiwxConnectRequest, SiwxServerConfig } from './api';
import { readCacao } from './cacao';
import { OTHER_PRIVATE_KEY, TEST_PRIVATE_KEY, testEip155Verifier } from './test/eip155TestChain';
import { startSiwx, TEST_SITE } from './test/setupSiwx';

const start = startSiwx;

const account = privateKeyToAccount(TEST_PRIVATE_KEY);
const other = privateKeyToAccount(OTHER_PRIVATE_KEY);

/** A CACAO as a wallet makes one for a request: the chain's message of the fields, signed (EIP-191). */
async function cacaoFor(request: SiwxConnectRequest, change: { chainId?: string; domain?: string; nonce?: string; signer?: typeof account } = {}) {
  const chainId = change.chainId ?? request.chains[0]!;
  const signer = change.signer ?? account;
  const p = { iss: `did:pkh:${chainId}:${account.address}`, domain: change.domain ?? request.domain, aud: request.uri, version: '1', nonce: change.nonce ?? request.nonce, iat: new Date().toISOString(), exp: request.expirationTime };
  const message = await testEip155Verifier.createMessage({ domain: p.domain, uri: p.aud, version: '1', nonce: p.nonce, issuedAt: p.iat, expirationTime: p.exp, chainId, accountAddress: account.address });
  return { h: { t: 'caip122' }, p, s: { t: 'eip191', s: await signer.signMessage({ message }) } };
}

describe('one-click sign-in: requests and CACAOs', () => {
  it('asks for the app’s chains that can sign in, with a fresh nonce and the site’s fields', async () => {
    const mainnet = { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } as const;
    const s = await start({ statement: 'Welcome', resources: ['https://app.example.com/terms'] }, { networks: [mainnet] });
    const request = await s.service.connectRequest(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:999']);
    expect(request).toMatchObject({ ...TEST_SITE, chains: ['eip155:1'], statement: 'Welcome', resources: ['https://app.example.com/terms'] });
    expect(request!.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(Date.parse(request!.expirationTime) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect((await s.service.connectRequest(['eip155:1']))!.nonce).not.toBe(request!.nonce);
    // Nothing there can sign in (no verifier, or not one of the app's networks): no request.
    expect(await s.service.connectRequest(['eip155:999'])).toBeUndefined();
    expect(await s.service.connectRequest(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toBeUndefined();
  });

  it('with a server: its nonce, asked for without an account', async () => {
    const getNonce = vi.fn(async () => 'ServerNonce12345');
    const server: SiwxServerConfig = { getNonce, verify: async () => true, getSessions: async () => [], revoke: async () => undefined };
    const s = await start({ server });
    expect((await s.service.connectRequest(['eip155:1']))!.nonce).toBe('ServerNonce12345');
    expect(getNonce).toHaveBeenCalledWith({ chainId: 'eip155:1' });
  });

  it('accepts a CACAO that answers its request: stored with the CACAO, announced, its nonce then spent', async () => {
    const s = await start();
    const added = vi.fn();
    s.portico.kernel.events.on('siwx:session-added', added);
    const request = (await s.service.connectRequest(['eip155:1']))!;
    const cacao = await cacaoFor(request);
    expect(await s.service.acceptCacaos([cacao])).toEqual([s.caipAddress]);
    const session = await s.service.getSession(s.caipAddress);
    expect(session).toMatchObject({ data: { nonce: request.nonce, chainId: 'eip155:1', accountAddress: account.address, domain: TEST_SITE.domain }, signature: cacao.s.s, cacao });
    expect(added).toHaveBeenCalledWith({ caipAddress: s.caipAddress, session });
    // The same CACAO again: its request is answered already.
    expect(await s.service.acceptCacaos([cacao])).toEqual([]);
  });

  it('refuses what does not answer a request made here, or does not verify, and keeps nothing of it', async () => {
    const s = await start();
    const request = (await s.service.connectRequest(['eip155:1']))!;
    const refused = [
      await cacaoFor(request, { nonce: 'NotAskedFor123' }),
      await cacaoFor(request, { domain: 'evil.example.com' }),
      await cacaoFor(request, { chainId: 'eip155:5' }),
      await cacaoFor(request, { signer: other }),
      { h: { t: 'caip122' }, p: { iss: 'did:pkh:eip155:1' }, s: {} },
      'not a cacao',
    ];
    expect(await s.service.acceptCacaos(refused)).toEqual([]);
    expect(await s.service.getSession(s.caipAddress)).toBeUndefined();
  });

  it('a server that refuses the session: not signed in', async () => {
    const server: SiwxServerConfig = { getNonce: async () => 'ServerNonce12345', verify: async () => false, getSessions: async () => [], revoke: async () => undefined };
    const s = await start({ server });
    const request = (await s.service.connectRequest(['eip155:1']))!;
    expect(await s.service.acceptCacaos([await cacaoFor(request)])).toEqual([]);
  });
});

describe('readCacao', () => {
  const base = { h: { t: 'caip122' }, p: { iss: 'did:pkh:eip155:1:0xabc', domain: 'a.example', aud: 'https://a.example', version: '1', nonce: 'abcdefgh12', iat: '2026-11-26T10:00:00.000Z' }, s: { t: 'eip191', s: '0x01' } };

  it('gives the CAIP-10 account and the sign-in fields', () => {
    const read = readCacao({ ...base, p: { ...base.p, exp: '2026-11-27T10:00:00.000Z', statement: 'Hi', resources: ['https://a.example/x'] } });
    expect(read.caipAddress).toBe('eip155:1:0xabc');
    expect(read.fields).toEqual({ domain: 'a.example', uri: 'https://a.example', version: '1', nonce: 'abcdefgh12', issuedAt: '2026-11-26T10:00:00.000Z', expirationTime: '2026-11-27T10:00:00.000Z', statement: 'Hi', resources: ['https://a.example/x'], chainId: 'eip155:1', accountAddress: '0xabc' });
    expect(read.signature).toBe('0x01');
  });

  it('names what is wrong', () => {
    expect(() => readCacao({ ...base, p: { ...base.p, iss: 'did:key:z6Mk' } })).toThrow('iss "did:key:z6Mk" is not a did:pkh account');
    expect(() => readCacao({ ...base, p: { ...base.p, iat: 'yesterday' } })).toThrow('p.iat: Expected an RFC 3339 date');
    expect(() => readCacao({ ...base, h: { t: 'eip4361' } })).toThrow(/^Not a CACAO: h\.t/);
    expect(() => readCacao(null)).toThrow(/^Not a CACAO/);
  });
});
