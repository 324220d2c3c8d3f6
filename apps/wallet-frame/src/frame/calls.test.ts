import { deploySimple7702Account, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { concat, createPublicClient, defineChain, createWalletClient, custom, encodeFunctionData, http, numberToHex, parseAbi, parseEther, type Address, type EIP1193RequestFn } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallsWallet } from './calls';

const NETWORK = 'eip155:31337';
const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } });

/** The frame's storage, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('EIP-5792 calls of the embedded wallet, on anvil (EIP-7702 delegation to Simple7702Account)', () => {
  let node: AnvilNode;
  let implementation: Address;
  const reader = () => createPublicClient({ transport: http(node.url) });

  beforeAll(async () => {
    node = await startAnvil({ chainId: 31337 });
    implementation = await deploySimple7702Account(node.url);
  });
  afterAll(() => node?.stop());

  /** A fresh funded account and its calls wallet; `smart` as the user prefers. */
  async function setup(options: { smart?: boolean } = {}) {
    const account = privateKeyToAccount(generatePrivateKey());
    await reader().request({ method: 'anvil_setBalance' as 'eth_chainId', params: [account.address, numberToHex(parseEther('10'))] as never });
    const wallet = createCallsWallet({ account: () => account, rpcUrl: () => node.url, implementation: () => implementation, smart: () => options.smart ?? true, storage: memoryStorage(), storageKey: 'calls' });
    // The EIP-1193 provider a dapp sees: the batch methods from the wallet, the rest from the node.
    const request = (async ({ method, params }: { method: string; params?: unknown }) => {
      const list = (params ?? []) as unknown[];
      if (method === 'wallet_sendCalls') return wallet.sendCalls(NETWORK, list);
      if (method === 'wallet_getCallsStatus') return wallet.getCallsStatus(list);
      if (method === 'wallet_getCapabilities') return wallet.getCapabilities(list, [NETWORK]);
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [account.address];
      return reader().request({ method, params } as never);
    }) as EIP1193RequestFn;
    const dapp = createWalletClient({ account: account.address, chain, transport: custom({ request }) });
    return { account, wallet, dapp };
  }

  const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

  it('a batch sent with viem lands atomically in one delegated transaction; the capabilities go from ready to supported', async () => {
    const { account, dapp } = await setup();
    expect(await dapp.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'ready' } });
    const [a, b] = [fresh(), fresh()];
    const { id } = await dapp.sendCalls({ calls: [{ to: a, value: parseEther('0.25') }, { to: b, value: parseEther('0.5') }] });
    const status = await dapp.waitForCallsStatus({ id, pollingInterval: 100 });
    expect(status).toMatchObject({ status: 'success', atomic: true, statusCode: 200, chainId: 31337 });
    expect(status.receipts).toHaveLength(1);
    expect(await reader().getBalance({ address: a })).toBe(parseEther('0.25'));
    expect(await reader().getBalance({ address: b })).toBe(parseEther('0.5'));
    // The account's code is now the EIP-7702 delegation to the implementation.
    expect((await reader().getCode({ address: account.address }))?.toLowerCase()).toBe(concat(['0xef0100', implementation]).toLowerCase());
    expect(await dapp.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'supported' } });
    // The next batch needs no authorization, and still one transaction.
    const again = await dapp.sendCalls({ calls: [{ to: a, value: 1n }, { to: b, value: 2n }] });
    expect((await dapp.waitForCallsStatus({ id: again.id, pollingInterval: 100 })).statusCode).toBe(200);
    expect(await reader().getBalance({ address: a })).toBe(parseEther('0.25') + 1n);
  });

  it('a batch with a call that would revert is refused before anything is sent: the transfer before it does not happen', async () => {
    const { account, dapp } = await setup();
    const a = fresh();
    // `execute` on the implementation itself: only the account or the EntryPoint may call it.
    const reverts = encodeFunctionData({ abi: parseAbi(['function execute(address target, uint256 value, bytes data)']), functionName: 'execute', args: [a, 1n, '0x'] });
    await expect(dapp.sendCalls({ calls: [{ to: a, value: parseEther('1') }, { to: implementation, data: reverts }], forceAtomic: true })).rejects.toThrow(/The batch was not sent: .*revert/);
    expect(await reader().getBalance({ address: a })).toBe(0n);
    expect(await reader().getTransactionCount({ address: account.address })).toBe(0);
  });

  it('an account whose user prefers the EOA: no atomic capability, calls one transaction each, atomicRequired refused with 5760', async () => {
    const { account, wallet, dapp } = await setup({ smart: false });
    expect(await wallet.getCapabilities([account.address, ['0x7a69']], [NETWORK])).toEqual({ '0x7a69': {} });
    const [a, b] = [fresh(), fresh()];
    const { id } = await dapp.sendCalls({ calls: [{ to: a, value: 5n }, { to: b, value: 6n }] });
    const status = await dapp.waitForCallsStatus({ id, pollingInterval: 100 });
    expect(status).toMatchObject({ statusCode: 200, atomic: false });
    expect(status.receipts).toHaveLength(2);
    expect(await reader().getCode({ address: account.address })).toBeUndefined();
    await expect(wallet.sendCalls(NETWORK, [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: a, value: '0x1' }] }])).rejects.toMatchObject({ code: 5760 });
  });

  it('refuses malformed batches with the EIP-5792 codes, before anything is sent', async () => {
    const { account, wallet } = await setup();
    const send = (request: Record<string, unknown>) => wallet.sendCalls(NETWORK, [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, ...request }]);
    const to = fresh();
    await expect(send({ calls: [] })).rejects.toMatchObject({ code: -32602, message: 'wallet_sendCalls needs at least one call' });
    await expect(send({ calls: [{ to: to.slice(2) }] })).rejects.toMatchObject({ code: -32602, message: 'Call 0: the target must be a 0x address (EIP-55 checksum when mixed case)' });
    await expect(send({ calls: [{ to: to.toLowerCase().replace(/[a-f]/, (c) => c.toUpperCase()) }] })).rejects.toMatchObject({ code: -32602 });
    await expect(send({ calls: [{ to, data: 'abcd' }] })).rejects.toMatchObject({ code: -32602, message: 'Call 0: the data must be 0x hex' });
    await expect(send({ calls: [{ to, value: '12' }] })).rejects.toMatchObject({ code: -32602 });
    await expect(send({ calls: Array.from({ length: 33 }, () => ({ to })) })).rejects.toMatchObject({ code: 5740 });
    await expect(send({ chainId: '0x1', calls: [{ to }] })).rejects.toMatchObject({ code: 5710 });
    await expect(send({ from: fresh(), calls: [{ to }] })).rejects.toMatchObject({ code: 4100 });
    await expect(send({ capabilities: { paymasterService: { url: 'https://x' } }, calls: [{ to }] })).rejects.toMatchObject({ code: 5700 });
    await expect(send({ version: '3.0', calls: [{ to }] })).rejects.toMatchObject({ code: -32602 });
    await expect(wallet.getCallsStatus(['0x1234'])).rejects.toMatchObject({ code: 5730, message: 'Unknown batch id' });
    await expect(wallet.getCapabilities([fresh()], [NETWORK])).rejects.toMatchObject({ code: 4100 });
    // Nothing was sent.
    expect(await reader().getTransactionCount({ address: account.address })).toBe(0);
    // An app-chosen id: used as given, a second batch with it refused with 5720.
    await send({ id: 'order-42', calls: [{ to, value: '0x1' }] });
    expect((await wallet.getCallsStatus(['order-42']))['id']).toBe('order-42');
    await expect(send({ id: 'order-42', calls: [{ to, value: '0x1' }] })).rejects.toMatchObject({ code: 5720 });
  });
});
