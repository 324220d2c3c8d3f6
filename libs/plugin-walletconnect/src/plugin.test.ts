import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { WALLETCONNECT_CONNECTOR_ID, walletConnectServiceRef } from './api';
import { createWalletConnectPlugin, walletconnectPlugin } from './plugin';
import { isLoopbackRelay, pairingTopicOf } from './services/WalletConnectConnection';

const load = async (plugin = walletconnectPlugin) => {
  const warnings: string[] = [];
  const kernel = createKernel({
    plugins: [plugin],
    storage: createMemoryStorage(),
    logLevel: 'warn',
    logSink: (level, message) => void (level === 'warn' && warnings.push(message)),
  });
  await kernel.start();
  return { kernel, warnings };
};

describe('walletconnectPlugin', () => {
  it('has a valid manifest that activates after the chain plugins whose sessions it carries', () => {
    expect(() => validateManifest(walletconnectPlugin.manifest)).not.toThrow();
    expect(walletconnectPlugin.manifest.optional).toEqual({ 'chain-eip155': '^0.1.0', 'chain-solana': '^0.1.0', 'chain-bip122': '^0.1.0' });
  });

  it('contributes the WALLET_CONNECT connector group, which sorts first', async () => {
    const { kernel } = await load();
    expect(kernel.contributions.list('connectorGroups')).toEqual([
      { id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT', pluginId: 'walletconnect' },
    ]);
  });

  it('lists no connector and registers no service without a projectId, and says why', async () => {
    const { kernel, warnings } = await load();
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
    expect(kernel.hasService(walletConnectServiceRef)).toBe(false);
    expect(warnings).toContainEqual(expect.stringContaining('WalletConnect needs a projectId'));
  });

  it('lists no connector when no chain plugin can take a session', async () => {
    const { kernel, warnings } = await load(createWalletConnectPlugin({ projectId: 'p' }));
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
    expect(warnings).toContainEqual(expect.stringContaining('no chain plugin takes a WalletConnect session'));
  });
});

describe('pairingTopicOf', () => {
  it('reads the 64-hex topic of a v2 pairing URI and nothing else', () => {
    const topic = 'a'.repeat(64);
    expect(pairingTopicOf(`wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`)).toBe(topic);
    expect(pairingTopicOf(`wc:${topic}@1?bridge=x`)).toBeUndefined();
    expect(pairingTopicOf(`https://example.com/wc:${topic}@2?`)).toBeUndefined();
    expect(pairingTopicOf('wc:short@2?x')).toBeUndefined();
  });
});

describe('isLoopbackRelay (the Verify API is off for a relay on this machine)', () => {
  it('is true only for loopback hosts', () => {
    expect(isLoopbackRelay('ws://127.0.0.1:4321')).toBe(true);
    expect(isLoopbackRelay('ws://localhost:1')).toBe(true);
    expect(isLoopbackRelay('wss://relay.walletconnect.org')).toBe(false);
    expect(isLoopbackRelay('wss://127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackRelay('not a url')).toBe(false);
  });
});
