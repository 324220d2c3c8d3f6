import { chainAdapterRef, createKernel, createMemoryStorage, type Network } from '@portico/kernel';
import { createHttpClient, jsonRpcRequest } from '@portico/kernel/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { avatarUrl, lookupEnsIdentity } from './ens';
import { createEip155Plugin } from './plugin';
import { ANVIL_ACCOUNT_0 } from './testing/createTestWallet';
import { installTestEns } from './testing/installTestEns';
import { startAnvil, type AnvilNode } from './testing/startAnvil';

const AVATAR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NO_NAME = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SHOUTY = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let node: AnvilNode;
beforeAll(async () => {
  node = await startAnvil({ chainId: 1 });
  await installTestEns(node.url, [
    { address: ANVIL_ACCOUNT_0.address, name: 'alice.eth', avatar: AVATAR },
    { address: BOB, name: 'bob.eth' },
    { address: SHOUTY, name: 'Shouty.eth' },
  ]);
}, 30_000);
afterAll(async () => node?.stop());

const http = createHttpClient({ timeoutMs: 5000 });
const rpc = (urls: string[]) => (method: string, params: readonly unknown[]) => jsonRpcRequest(http, urls, method, params);

describe('lookupEnsIdentity (Universal Resolver on a local mainnet node)', () => {
  it('reads the primary name and the avatar record', async () => {
    expect(await lookupEnsIdentity(rpc([node.url]), ANVIL_ACCOUNT_0.address)).toEqual({ name: 'alice.eth', avatar: AVATAR });
  });

  it('gives the name alone when the name has no avatar record (the resolver reverts ResolverNotFound, decoded as "none")', async () => {
    const errors: unknown[] = [];
    expect(await lookupEnsIdentity(rpc([node.url]), BOB, (e) => errors.push(e))).toEqual({ name: 'bob.eth' });
    expect(errors).toEqual([]);
  });

  it('gives the name alone, and says why, when the avatar cannot be read', async () => {
    let calls = 0;
    // The name comes through; the second call (the avatar record) meets a dead node.
    const flaky = (method: string, params: readonly unknown[]) => (++calls === 1 ? rpc([node.url])(method, params) : rpc(['http://127.0.0.1:1/'])(method, params));
    const errors: unknown[] = [];
    expect(await lookupEnsIdentity(flaky, ANVIL_ACCOUNT_0.address, (e) => errors.push(e))).toEqual({ name: 'alice.eth' });
    expect(errors).toHaveLength(1);
  });

  it('gives nothing for an address without a primary name: the revert is decoded, not thrown', async () => {
    await expect(lookupEnsIdentity(rpc([node.url]), NO_NAME)).resolves.toBeUndefined();
  });

  it('does not show a name that is not ENSIP-15 normalised', async () => {
    await expect(lookupEnsIdentity(rpc([node.url]), SHOUTY)).resolves.toBeUndefined();
  });

  it('falls back across RPC URLs and fails clearly when none answers', async () => {
    expect(await lookupEnsIdentity(rpc(['http://127.0.0.1:1/', node.url]), BOB)).toEqual({ name: 'bob.eth' });
    await expect(lookupEnsIdentity(rpc(['http://127.0.0.1:1/']), BOB)).rejects.toThrow();
  });
});

describe('the adapter’s getIdentity', () => {
  const kernels: Array<{ dispose(): Promise<void> }> = [];
  afterEach(async () => Promise.all(kernels.splice(0).map((k) => k.dispose())));
  const mainnet = (): Network => ({
    caipNetworkId: 'eip155:1',
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1/'] } },
  });

  it('looks ENS up on eip155:1 through the configured RPC URLs, and on no other network', async () => {
    const kernel = createKernel({ plugins: [createEip155Plugin({ target: new EventTarget(), customRpcUrls: { 'eip155:1': [node.url] } })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    expect(await adapter.getIdentity!(`eip155:1:${ANVIL_ACCOUNT_0.address}`, mainnet())).toEqual({ name: 'alice.eth', avatar: AVATAR });
    // The same node under another chain id is not asked: ENS is mainnet's.
    const other: Network = { ...mainnet(), caipNetworkId: 'eip155:10', rpcUrls: { default: { http: [node.url] } } };
    expect(await adapter.getIdentity!(`eip155:10:${ANVIL_ACCOUNT_0.address}`, other)).toBeUndefined();
  });

  it('without an RPC URL for mainnet it answers "no name" without asking anyone', async () => {
    const kernel = createKernel({ plugins: [createEip155Plugin({ target: new EventTarget() })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    expect(await adapter.getIdentity!(`eip155:1:${ANVIL_ACCOUNT_0.address}`, { ...mainnet(), rpcUrls: undefined })).toBeUndefined();
  });
});

describe('the approval view’s names (describeApproval with ENS on the app’s mainnet)', () => {
  const kernels: Array<{ dispose(): Promise<void> }> = [];
  afterEach(async () => Promise.all(kernels.splice(0).map((k) => k.dispose())));
  const start = async (networks: Network[]) => {
    const kernel = createKernel({ plugins: [createEip155Plugin({ target: new EventTarget() })], networks, storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    return kernel.getService(chainAdapterRef('eip155'));
  };
  const mainnet: Network = { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node?.url ?? ''] } } };
  const sendTo = (to: string) => ({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to, value: '0x38d7ea4c68000' }] });

  it('names a recipient by its primary name, never by a name that is not normalised, and keeps the address in the details', async () => {
    const network = { ...mainnet, rpcUrls: { default: { http: [node.url] } } };
    const adapter = await start([network]);
    const named = await adapter.describeApproval!(sendTo(BOB), { network, account: ANVIL_ACCOUNT_0.address, locale: 'en' });
    expect(named!.actions[0]!.text.vars).toMatchObject({ to: 'bob.eth' });
    expect(named!.actions[0]!.details[0]).toEqual({ label: 'approve.field.to', value: 'bob.eth', full: BOB, ltr: true });
    const shouty = await adapter.describeApproval!(sendTo(SHOUTY), { network, account: ANVIL_ACCOUNT_0.address, locale: 'en' });
    expect(shouty!.actions[0]!.text.vars).toMatchObject({ to: '0x90…93b906' });
    const none = await adapter.describeApproval!(sendTo(NO_NAME), { network, account: ANVIL_ACCOUNT_0.address, locale: 'en' });
    expect(none!.actions[0]!.text.vars).toMatchObject({ to: '0x3C…4293BC' });
  });

  it('without mainnet among the app’s networks no one is asked for a name', async () => {
    const local: Network = { ...mainnet, caipNetworkId: 'eip155:31337', name: 'Local', rpcUrls: { default: { http: [node.url] } } };
    const adapter = await start([local]);
    const decoded = await adapter.describeApproval!(sendTo(BOB), { network: local, account: ANVIL_ACCOUNT_0.address, locale: 'en' });
    expect(decoded!.actions[0]!.text.vars).toMatchObject({ to: '0x70…dc79C8' });
  });
});

describe('avatarUrl (what an avatar record may become)', () => {
  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    [AVATAR, AVATAR],
    ['ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png', 'https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png'],
    ['http://example.com/a.png', undefined],
    ['javascript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (record, expected) => {
    expect(avatarUrl(record)).toBe(expected);
  });

  it('goes through the app’s IPFS gateway when it names one', () => {
    expect(avatarUrl('ipfs://ipfs/bafyA/a.png', 'https://gw.example/ipfs')).toBe('https://gw.example/ipfs/bafyA/a.png');
    // A wrong gateway costs the ipfs:// avatars only, and says why to the caller (which logs it).
    expect(avatarUrl('https://example.com/a.png', 'http://gw.example/ipfs/')).toBe('https://example.com/a.png');
    expect(() => avatarUrl('ipfs://bafyA/a.png', 'http://gw.example/ipfs/')).toThrow('The ipfsGateway option "http://gw.example/ipfs/" is not an https URL');
  });
});
