import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type Network } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { getAddress } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEip155Plugin } from './plugin';
import { ANVIL_ACCOUNT_0, createTestWallet } from './testing/createTestWallet';
import { deployTestTokens, type TestTokens } from './testing/deployTestTokens';
import { startLocalMainnet, TEST_ENS_NAME } from './testing/installTestEns';
import { startAnvil, type AnvilNode } from './testing/startAnvil';

let anvil: AnvilNode;
let tokens: TestTokens;
let kernel: Kernel | undefined;
beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
}, 30_000);
afterAll(() => anvil?.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

const RECIPIENT = '0x00000000000000000000000000000000000e0e00';
const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> =>
  ((await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }).result;

/** The receipt once the node has mined the transaction (anvil answers the send before it mines). */
async function mined(hash: string): Promise<{ status: string; to: string }> {
  for (let i = 0; i < 100; i++) {
    const receipt = await rpc<{ status: string; to: string } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${hash} was not mined within 2 s`);
}

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

async function connected(mode: { reject?: boolean } = {}, walletOptions: { calls?: boolean } = {}) {
  const network: Network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } };
  const target = new EventTarget();
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { [anvil.chainId]: anvil.url }, chainId: anvil.chainId, storage: memory(), ...walletOptions });
  const methods: string[] = [];
  const forward = wallet.provider.request.bind(wallet.provider);
  wallet.provider.request = (args) => (methods.push(args.method), forward(args));
  wallet.announce(target, { uuid: '6c1a3b2e-1111-4c4c-8d8d-000000000001', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.testwallet' });
  kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('eip155'));
  await adapter.connect('dev.portico.testwallet');
  wallet.setMode(mode);
  return { adapter, network, wallet, methods };
}

describe('eip155 transfers (the Send view’s chain side)', () => {
  it('checks recipients: any 0x address comes back checksummed; junk and a wrong checksum are refused with the reason', async () => {
    const { adapter, network } = await connected();
    await expect(adapter.checkRecipient!(` ${RECIPIENT} `, network)).resolves.toEqual({ address: getAddress(RECIPIENT) });
    await expect(adapter.checkRecipient!('0x1234', network)).resolves.toEqual({ problem: 'not a valid address on Anvil' });
    await expect(adapter.checkRecipient!('vitalik', network)).resolves.toEqual({ problem: 'not a valid address on Anvil' });
    // EIP-55 mixed case with one letter's case flipped.
    const good = getAddress('0x52908400098527886e0f7030069857d2e4169ee7');
    const at = [...good].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
    const flipped = good[at] === good[at]!.toUpperCase() ? good[at]!.toLowerCase() : good[at]!.toUpperCase();
    const typo = `${good.slice(0, at)}${flipped}${good.slice(at + 1)}`;
    await expect(adapter.checkRecipient!(typo, network)).resolves.toEqual({ problem: 'the address has a wrong checksum (a typo?)' });
  });

  it('sends Ether: the fee estimate is 21 000 gas × the gas price, the recipient gets the amount', async () => {
    const { adapter, network } = await connected();
    const fee = await adapter.estimateTransfer!({ to: RECIPIENT, amount: 10n ** 15n }, network);
    const gasPrice = BigInt(await rpc<string>('eth_gasPrice'));
    expect(fee).toEqual({ value: 21_000n * gasPrice, decimals: 18, symbol: 'ETH' });
    const before = BigInt(await rpc<string>('eth_getBalance', [RECIPIENT, 'latest']));
    const hash = await adapter.sendTransfer!({ to: RECIPIENT, amount: 10n ** 15n }, network);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await mined(hash);
    expect(BigInt(await rpc<string>('eth_getBalance', [RECIPIENT, 'latest'])) - before).toBe(10n ** 15n);
  });

  it('sends an ERC-20 with a transfer call to the token', async () => {
    const { adapter, network } = await connected();
    const fee = await adapter.estimateTransfer!({ to: RECIPIENT, amount: 2_500_000n, token: tokens.usd }, network);
    expect(fee.value).toBeGreaterThan(21_000n);
    const hash = await adapter.sendTransfer!({ to: RECIPIENT, amount: 2_500_000n, token: tokens.usd }, network);
    const receipt = await mined(hash);
    expect(receipt).toMatchObject({ status: '0x1', to: tokens.usd.toLowerCase() });
    const balance = await rpc<string>('eth_call', [{ to: tokens.usd, data: `0x70a08231${RECIPIENT.slice(2).padStart(64, '0')}` }, 'latest']);
    expect(BigInt(balance)).toBe(2_500_000n);
  });

  it('an estimate for more than the balance rejects (the node says it would revert); a declined transfer rejects with 4001', async () => {
    const { adapter, network, wallet } = await connected();
    await expect(adapter.estimateTransfer!({ to: RECIPIENT, amount: 10n ** 30n, token: tokens.usd }, network)).rejects.toThrow();
    wallet.setMode({ reject: true });
    await expect(adapter.sendTransfer!({ to: RECIPIENT, amount: 1n }, network)).rejects.toMatchObject({ code: 4001 });
  });

  it('resolves an ENS name on Ethereum mainnet (the local mainnet’s Universal Resolver); elsewhere, or without an address, it says why', async () => {
    const { adapter, network } = await connected();
    await expect(adapter.checkRecipient!(TEST_ENS_NAME, network)).resolves.toEqual({ problem: 'ENS names resolve on Ethereum mainnet only, not on Anvil' });
    await kernel!.dispose();
    const mainnet = await startLocalMainnet();
    try {
      const net: Network = { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [mainnet.url] } } };
      kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target: new EventTarget() })], networks: [net], storage: createMemoryStorage(), logLevel: 'silent' });
      await kernel.start();
      const onMainnet = kernel.getService(chainAdapterRef('eip155'));
      await expect(onMainnet.checkRecipient!(` ${TEST_ENS_NAME} `, net)).resolves.toEqual({ address: ANVIL_ACCOUNT_0.address });
      await expect(onMainnet.checkRecipient!('nobody-here.eth', net)).resolves.toEqual({ problem: 'nobody-here.eth has no address' });
    } finally {
      await mainnet.stop();
    }
  });

  it('follows a sent transfer: confirmed once mined; dropped when the node evicts it first', async () => {
    const { adapter, network } = await connected();
    const hash = await adapter.sendTransfer!({ to: RECIPIENT, amount: 1n }, network);
    await mined(hash);
    await expect(adapter.transferStatus!(hash, network)).resolves.toBe('confirmed');
    await rpc('evm_setAutomine', [false]);
    try {
      const waiting = await adapter.sendTransfer!({ to: RECIPIENT, amount: 2n }, network);
      await expect(adapter.transferStatus!(waiting, network)).resolves.toBe('pending');
      await rpc('anvil_dropTransaction', [waiting]);
      await expect(adapter.transferStatus!(waiting, network)).resolves.toBe('dropped');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('sends through wallet_sendCalls when the wallet speaks EIP-5792, and through eth_sendTransaction otherwise', async () => {
    const { adapter, network, methods } = await connected({}, { calls: true });
    const hash = await adapter.sendTransfer!({ to: RECIPIENT, amount: 1_000_000n, token: tokens.usd }, network);
    expect(await mined(hash)).toMatchObject({ status: '0x1', to: tokens.usd.toLowerCase() });
    expect(methods).toContain('wallet_sendCalls');
    expect(methods).not.toContain('eth_sendTransaction');
    await kernel!.dispose();
    const plain = await connected();
    await plain.adapter.sendTransfer!({ to: RECIPIENT, amount: 1n }, plain.network);
    expect(plain.methods).toContain('eth_sendTransaction');
    expect(plain.methods).not.toContain('wallet_sendCalls');
  });
});
