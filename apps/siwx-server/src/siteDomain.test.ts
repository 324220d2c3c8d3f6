import { createEip155SiweMessage, createEip155Verifier } from '@portico/chain-eip155/siwx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiwxServer, type SiwxServerHandle, type SiwxServerOptions } from './createSiwxServer';
import { SiwxServerConfigError } from './SiwxServerConfigError';

const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const chainId = 'eip155:1';
const json = { 'content-type': 'application/json' };

const running: SiwxServerHandle[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((h) => h.close()))));

/** Asks `handle` for a nonce, signs a message for `domain` with it and posts the sign-in. */
async function signInFor(handle: SiwxServerHandle, domain: string): Promise<boolean> {
  const { nonce } = (await (await fetch(`${handle.url}/nonce?chainId=${chainId}&address=${wallet.address}`)).json()) as { nonce: string };
  const data = { domain, uri: `https://${domain}`, version: '1' as const, nonce, issuedAt: new Date().toISOString(), chainId, accountAddress: wallet.address };
  const message = createEip155SiweMessage(data);
  const body = JSON.stringify({ data, message, signature: await wallet.signMessage({ message }) });
  return ((await (await fetch(`${handle.url}/verify`, { method: 'POST', headers: json, body })).json()) as { valid: boolean }).valid;
}

describe('createSiwxServer requires the site domain', () => {
  const verifiers = [createEip155Verifier()];

  it.each([
    ['no domain', {}],
    ['an empty domain', { domain: '' }],
    ['an empty list', { domain: [] }],
  ])('refuses to be created with %s', (_, options) => {
    const create = () => createSiwxServer({ verifiers, ...options } as SiwxServerOptions);
    expect(create).toThrow(SiwxServerConfigError);
    expect(create).toThrow("createSiwxServer needs the site's domain, e.g. { domain: '127.0.0.1:5173' }");
  });

  it.each(['https://app.example.com', 'app.example.com/', 'app.example.com,evil.example', ' app.example.com', 'user@app.example.com'])('refuses %j, which is not a host', (domain) => {
    expect(() => createSiwxServer({ verifiers, domain })).toThrow(/is not a host such as app\.example\.com or 127\.0\.0\.1:5173/);
    expect(() => createSiwxServer({ verifiers, domain: ['app.example.com', domain] })).toThrow(SiwxServerConfigError);
  });

  it('refuses a session for another domain itself, even with a verifier that trusts the message’s own', async () => {
    // createEip155Verifier() without a domain accepts whichever domain the message names.
    const handle = await createSiwxServer({ domain: '127.0.0.1:5173', verifiers }).listen(0);
    running.push(handle);
    expect(await signInFor(handle, 'evil.example.com')).toBe(false);
    expect(await signInFor(handle, '127.0.0.1:51730')).toBe(false);
    expect(await signInFor(handle, '127.0.0.1:5173')).toBe(true);
  });

  it('accepts each domain of a list, and no other', async () => {
    const handle = await createSiwxServer({ domain: ['app.example.com', '127.0.0.1:5173'], verifiers }).listen(0);
    running.push(handle);
    expect(await signInFor(handle, 'app.example.com')).toBe(true);
    expect(await signInFor(handle, '127.0.0.1:5173')).toBe(true);
    expect(await signInFor(handle, 'other.example.com')).toBe(false);
  });
});
