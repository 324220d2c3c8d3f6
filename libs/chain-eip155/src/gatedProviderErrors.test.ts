import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { ProviderRpcError, RPC_ENDPOINT_DOWN_MESSAGE } from '@portico/kernel/provider-errors';
import { classifyError } from '@portico/kernel/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEip155Plugin } from './plugin';
import { ANVIL_ACCOUNT_0, createTestWallet, type TestWalletMode } from './testing/createTestWallet';
import { startAnvil, type AnvilNode } from './testing/startAnvil';

const INFO = { uuid: '5d0c1f8e-2b7a-4c3d-9e4f-6a7b8c9d0e1f', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.testwallet' };
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
type Provider = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };

let node: AnvilNode;
beforeAll(async () => {
  node = await startAnvil();
});
afterAll(async () => {
  await node?.stop();
});

const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((k) => k.dispose()));
});

/** A kernel with the test wallet on `url`, connected; `noUi`: Portico's approval view confirms instead of the wallet. */
async function connected(url: string, options: { noUi?: boolean; mode?: TestWalletMode } = {}) {
  const target = new EventTarget();
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { 31337: url }, chainId: 31337, mode: { noUi: options.noUi } });
  wallet.announce(target, INFO);
  const kernel = createKernel({
    plugins: [shellPlugin, createEip155Plugin({ target, ...(options.noUi ? { approvalRequired: [INFO.rdns] } : {}) })],
    storage: createMemoryStorage(),
    logLevel: 'silent',
  });
  kernels.push(kernel);
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('eip155'));
  await adapter.connect(INFO.rdns);
  if (options.mode) wallet.setMode(options.mode);
  return { kernel, wallet, provider: adapter.getProvider!() as Provider };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    return error as ProviderRpcError;
  }
  throw new Error('expected a rejection');
}

describe('errors the host’s EIP-1193 provider hands over', () => {
  it('a send through the no-UI wallet on a dead RPC: the host gets -32603 with a clear message, the approval view shows the failure', async () => {
    const dead = await startAnvil();
    const { kernel, provider } = await connected(dead.url, { noUi: true });
    await dead.stop();
    const sending = rejectionOf(provider.request({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to: TO, value: '0x1' }] }));
    await expect.poll(() => kernel.requestGate.getSnapshot().pending.length).toBe(1);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    const error = await sending;
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({ code: -32603, message: RPC_ENDPOINT_DOWN_MESSAGE });
    // The original (viem's error from the wallet) is kept for developers.
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toMatch(/HTTP request failed/);
    const { failed } = kernel.requestGate.getSnapshot();
    expect(failed).toMatchObject({ method: 'eth_sendTransaction', error: error.cause });
    expect(classifyError(failed!.error).kind).toBe('network');
    expect(kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction' } });
  });

  it('a wallet rejecting with a plain object: an Error with its code and message, the object as cause', async () => {
    const thrown = { code: 4001, message: 'User denied message signature', data: { origin: 'test' } };
    const { provider } = await connected(node.url, { mode: { rejectWith: thrown } });
    const error = await rejectionOf(provider.request({ method: 'personal_sign', params: ['0x6869', ANVIL_ACCOUNT_0.address] }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4001, message: 'User denied message signature', data: { origin: 'test' } });
    expect(error.cause).toBe(thrown);
    expect(String(error)).not.toContain('[object Object]');
  });

  it('a wallet rejecting with an object that has neither code nor message: -32603 with a clear message', async () => {
    const thrown = { reason: { nested: true } };
    const { provider } = await connected(node.url, { mode: { rejectWith: thrown } });
    const error = await rejectionOf(provider.request({ method: 'personal_sign', params: ['0x6869', ANVIL_ACCOUNT_0.address] }));
    expect(error).toMatchObject({ code: -32603, message: 'The wallet request failed without saying why.' });
    expect(error.cause).toBe(thrown);
  });

  it('a wallet rejecting with a string keeps the string as the message', async () => {
    const { provider } = await connected(node.url, { mode: { rejectWith: 'Wallet is locked' } });
    const error = await rejectionOf(provider.request({ method: 'personal_sign', params: ['0x6869', ANVIL_ACCOUNT_0.address] }));
    expect(error).toMatchObject({ code: -32603, message: 'Wallet is locked', cause: 'Wallet is locked' });
  });

  it('a connect that yields no account throws the catalogue’s "No ActiveCaipAddress found"', async () => {
    const target = new EventTarget();
    const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { 31337: node.url }, chainId: 31337, mode: { noAccounts: true } });
    wallet.announce(target, INFO);
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const error = await rejectionOf(kernel.getService(chainAdapterRef('eip155')).connect(INFO.rdns));
    expect(error).toMatchObject({ message: 'No ActiveCaipAddress found', code: 'kernel/no-active-caip-address' });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
  });
});
