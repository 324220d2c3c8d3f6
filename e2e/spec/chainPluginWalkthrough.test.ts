/**
 * The walk-through in docs/plugins.md, run: a chain plugin for a namespace Portico has never
 * heard of (Tron), written against the public API only, in 70 lines at most, with its
 * WalletConnect binding. The page must show the code exactly as it is here.
 */
import { readFileSync } from 'node:fs';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { createWalletConnectPlugin } from '@portico/plugin-walletconnect';
import { WALLETCONNECT_CONNECTOR_ID } from '@portico/plugin-walletconnect/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createTronPlugin } from './walkthrough/tronPlugin';

const FILES = ['tronPlugin.ts', 'tronSessionWallet.ts'];
const source = (name: string) => readFileSync(new URL(`./walkthrough/${name}`, import.meta.url), 'utf8');
const PAGE = readFileSync(new URL('../../docs/plugins.md', import.meta.url), 'utf8');

const TRON = { caipNetworkId: 'tron:0x2b6653dc', name: 'Tron', nativeCurrency: { name: 'Tronix', symbol: 'TRX', decimals: 6 } };
const ADDRESS = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';

/** A Tron wallet in the Wallet Standard shape, recording what it is asked to sign. */
function tronWallet() {
  const signed: string[] = [];
  const account: StandardWalletAccount = { address: ADDRESS, publicKey: new Uint8Array(33), chains: [TRON.caipNetworkId], features: ['tron:signMessage'] };
  const wallet: StandardWallet = {
    version: '1.0.0',
    name: 'Tron Test Wallet',
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    chains: [TRON.caipNetworkId],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'tron:signMessage': {
        version: '1.0.0',
        signMessage: async ({ message }: { message: string }) => (signed.push(message), { signature: `0x${'ab'.repeat(65)}` }),
      },
    },
  } as unknown as StandardWallet;
  return { wallet, signed, registry: { get: () => [wallet], on: () => () => undefined } };
}

const made: Kernel[] = [];
afterEach(async () => void (await Promise.all(made.splice(0).map((k) => k.dispose()))));

describe('the chain plugin walk-through (docs/plugins.md)', () => {
  it('is shown in docs/plugins.md exactly as it is, and is 70 lines at most (#39)', () => {
    for (const name of FILES) expect(PAGE).toContain(`<!-- snippet: e2e/spec/walkthrough/${name} -->\n\`\`\`ts\n${source(name)}\`\`\``);
    expect(FILES.map((name) => source(name).split('\n').length - 1).reduce((a, b) => a + b)).toBeLessThanOrEqual(70);
  });

  it('lists the wallet, connects, signs, reads its approvals by its own rule, and WalletConnect carries the namespace', async () => {
    const { registry, signed } = tronWallet();
    const kernel = createKernel({
      plugins: [shellPlugin, createWalletConnectPlugin({ projectId: 'walkthrough', relayUrl: 'ws://127.0.0.1:9' }), createTronPlugin({ wallets: registry })],
      // No Tron network from the host: the plugin's own is used.
      storage: createMemoryStorage(),
      logLevel: 'silent',
    });
    made.push(kernel);
    await kernel.start();

    const listed = kernel.connectors.getSnapshot().find((c) => c.namespaces.includes('tron') && c.type === 'ANNOUNCED');
    expect(listed).toMatchObject({ name: 'Tron Test Wallet', group: 'injected', pluginId: 'chain-tron' });
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)?.namespaces).toEqual(['tron']);

    const adapter = kernel.getService(chainAdapterRef('tron'));
    await adapter.connect(listed!.id);
    expect(kernel.connection.get('tron')).toMatchObject({ status: 'connected', address: `${TRON.caipNetworkId}:${ADDRESS}`, network: TRON.caipNetworkId });

    await expect(adapter.signMessage!('Hello from the walk-through')).resolves.toBe(`0x${'ab'.repeat(65)}`);
    expect(signed).toEqual(['Hello from the walk-through']);

    expect(kernel.rpcPolicy.classify('tron_signMessage', 'tron')).toBe('confirm');
    expect(kernel.rpcPolicy.classify('tron_sendRaw', 'tron')).toBe('reject');
    expect(kernel.rpcPolicy.readerOf('tron', 'tron_signMessage')).toEqual({ as: 'message', field: 'message', encoding: 'text' });
  });
});
