import { createKernel, createMemoryStorage, definePlugin, validateManifest } from '@portico/kernel';
import { describe, expect, it, vi } from 'vitest';
import { NATIVE_TOKEN, swapProblem, swapsSettingsRef, type SwapProvider } from './api';
import { DEFAULT_SWAP_NETWORKS, resolveSwapsOptions } from './options';
import { createSwapsPlugin, swapsPlugin } from './plugin';
import { bestQuote, parseSlippage } from './swapFlow';

const load = (plugin = swapsPlugin, features: Record<string, boolean> = {}) => createKernel({ plugins: [plugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('swapsPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(swapsPlugin.manifest)).not.toThrow();
  });

  it('adds the Swap button for EVM accounts only, behind the swaps flag', () => {
    const kernel = load();
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).toEqual(['swaps']);
    expect(kernel.contributions.list('walletButtons', 'solana')).toEqual([]);
    expect(kernel.flags.get('swaps')?.value).toBe(true);
  });

  it('gives the Swap view its settings: the spec’s 12 networks and 1 % slippage by default, the host’s otherwise', async () => {
    const kernel = load();
    await kernel.start();
    const settings = await kernel.getService(swapsSettingsRef)();
    expect(settings.networks).toHaveLength(12);
    expect(new Set(settings.networks).size).toBe(12);
    expect(settings.slippage).toBe(1);
    expect(settings.providers.map((p) => p.type)).toEqual(['uniswap-v2']);
    const custom = load(createSwapsPlugin({ networks: ['eip155:31337'], slippage: 0.5, providers: [{ type: '1inch', url: 'http://127.0.0.1:9/' }] }));
    await custom.start();
    expect(await custom.getService(swapsSettingsRef)()).toMatchObject({ networks: ['eip155:31337'], slippage: 0.5, quoteTtlMs: 30_000 });
  });
});

describe('the host’s options, checked off the first load', () => {
  it('are read and a mistake logged only once an account is connected, when the browser is next idle', async () => {
    const logged: string[] = [];
    const evm = definePlugin({ manifest: { id: 'evm', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'eip155', name: 'EVM', defaultAccountType: 'eoa' }] } });
    const kernel = createKernel({
      plugins: [evm, createSwapsPlugin({ slippage: 90 } as never)],
      storage: createMemoryStorage(),
      logSink: (_level, message) => void logged.push(message),
    });
    await kernel.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toEqual([]);
    kernel.connection.setConnecting('eip155', 'test');
    kernel.connection.setConnected('eip155', { accounts: [{ address: 'eip155:1:0x0000000000000000000000000000000000000001', type: 'eoa' }] });
    await vi.waitFor(() => expect(logged).toContain('[portico:swaps] Swaps are off: the host passed bad options to createSwapsPlugin'));
  });
});

describe('resolveSwapsOptions', () => {
  it('names the field that is wrong', () => {
    const bad: [unknown, string][] = [
      [{ networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }, 'createSwapsPlugin: networks[0] must be an eip155 CAIP-2 id'],
      [{ networks: 'eip155:1' }, 'createSwapsPlugin: networks must be an array'],
      [{ slippage: 0 }, 'createSwapsPlugin: slippage must be a percentage above 0 and at most 50, not 0'],
      [{ slippage: 51 }, 'createSwapsPlugin: slippage must be a percentage'],
      [{ quoteTtlMs: 10 }, 'createSwapsPlugin: quoteTtlMs must be a whole number of ms, at least 1000, not 10'],
      [{ providers: [] }, 'createSwapsPlugin: providers must be a non-empty array'],
      [{ providers: [{ type: 'uniswap-v3' }] }, 'createSwapsPlugin: providers[0].type must be "uniswap-v2", "1inch" or "custom", not "uniswap-v3"'],
      [{ providers: [{ type: 'uniswap-v2', deployments: { 'eip155:1': { router: '0x12', weth: '0x' } } }] }, 'createSwapsPlugin: providers[0].deployments["eip155:1"].router must be a 0x address'],
      [{ providers: [{ type: '1inch', url: 'javascript:alert(1)' }] }, 'createSwapsPlugin: providers[0].url must be an http(s) URL'],
      [{ providers: [{ type: '1inch', url: 'https://api.example', apiKey: 'a b\n' }] }, 'createSwapsPlugin: providers[0].apiKey must be a printable string'],
      [{ providers: [{ type: 'custom', id: 'x' }] }, 'createSwapsPlugin: providers[0].load must be a function'],
    ];
    for (const [options, message] of bad) expect(() => resolveSwapsOptions(options as never), JSON.stringify(options)).toThrow(message);
  });

  it('a plugin made with bad options loads no settings, with the same message', async () => {
    const kernel = load(createSwapsPlugin({ slippage: 0 }));
    await kernel.start();
    await expect(kernel.getService(swapsSettingsRef)()).rejects.toThrow('createSwapsPlugin: slippage must be a percentage above 0 and at most 50, not 0');
  });

  it('keeps the defaults a host does not change', () => {
    expect(resolveSwapsOptions().networks).toEqual(DEFAULT_SWAP_NETWORKS);
    expect(DEFAULT_SWAP_NETWORKS.every((id) => /^eip155:\d+$/.test(id))).toBe(true);
  });
});

describe('parseSlippage', () => {
  it('reads a percentage above 0 and at most 50 with two decimals at most', () => {
    expect(parseSlippage('1')).toBe(1);
    expect(parseSlippage(' 0,5 ')).toBe(0.5);
    expect(parseSlippage('50')).toBe(50);
    for (const input of ['0', '50.01', '-1', '1.234', 'abc', '', '100']) expect(parseSlippage(input), input).toBeUndefined();
  });
});

describe('bestQuote', () => {
  const network = { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };
  const request = { network, chainId: 31337, account: '0x0000000000000000000000000000000000000001', sellToken: NATIVE_TOKEN, buyToken: '0x0000000000000000000000000000000000000002', sellAmount: 10n, slippageBps: 100 };
  const io = { rpc: () => Promise.reject(new Error('no rpc')), json: () => Promise.reject(new Error('no http')) };
  /** A provider that answers `buy`, or fails with `fail`. */
  const provider = (id: string, answer: { buy?: bigint; fail?: Error; networks?: string[] }): SwapProvider => ({
    id,
    name: id,
    supports: (n) => (answer.networks ?? ['eip155:31337']).includes(n),
    quote: (r) => (answer.fail ? Promise.reject(answer.fail) : Promise.resolve({ provider: id, request: r, buyAmount: answer.buy!, minBuyAmount: answer.buy! })),
    allowance: () => Promise.resolve(0n),
    approval: () => Promise.reject(new Error('unused')),
    buildSwap: () => Promise.reject(new Error('unused')),
  });

  it('keeps the quote that buys the most, among the providers that serve the network', async () => {
    const best = await bestQuote([provider('a', { buy: 5n }), provider('b', { buy: 9n }), provider('c', { buy: 99n, networks: ['eip155:1'] }), provider('d', { fail: new Error('down') })], request, io, 30_000, () => 1_000);
    expect(best.provider.id).toBe('b');
    expect(best.expiresAt).toBe(31_000);
  });

  it('says "no route" when a provider said so and none answered, else passes the first error on', async () => {
    await expect(bestQuote([provider('a', { fail: new Error('down') }), provider('b', { fail: swapProblem('no-route', 'no pool') })], request, io, 1_000)).rejects.toMatchObject({ swapProblem: 'no-route', message: 'no pool' });
    await expect(bestQuote([provider('a', { fail: new Error('down') })], request, io, 1_000)).rejects.toThrow('down');
    await expect(bestQuote([provider('c', { buy: 1n, networks: ['eip155:1'] })], request, io, 1_000)).rejects.toMatchObject({ swapProblem: 'no-route' });
  });
});
