import { chainAdapterRef, definePlugin, kernelRefs, type AccountIdentity, type ChainAdapter } from '@portico/kernel';
import type { Network } from '../portico/porticoConfigSchema';

/** Networks of the made-up `acme` namespace used by the tests. */
export const acmeNetworks: Network[] = [
  { caipNetworkId: 'acme:1', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 } },
  { caipNetworkId: 'acme:2', name: 'Acme Test', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 }, testnet: true },
];

/** A chain plugin for a made-up namespace whose wallet can be told to decline. */
export function acmeChain(behaviour: { decline?: boolean; identity?: AccountIdentity } = {}) {
  const calls: string[] = [];
  const plugin = definePlugin({
    manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      ctx.onDispose(ctx.services.get(kernelRefs.connectors).register({ id: 'acme-wallet', name: 'Acme Wallet', type: 'ANNOUNCED', namespaces: ['acme'], rdns: 'xyz.acme' }, ctx.pluginId));
      const adapter: ChainAdapter = {
        namespace: 'acme',
        async connect(id) {
          calls.push(`connect:${id}`);
          connection.setConnecting('acme', id);
          if (behaviour.decline) {
            connection.setDisconnected('acme');
            throw new Error('User rejected the request.');
          }
          connection.setConnected('acme', { accounts: [{ address: 'acme:1:abcdef0123456789', type: 'eoa' }], network: 'acme:1', connectorId: id });
        },
        async disconnect() {
          calls.push('disconnect');
          connection.setDisconnected('acme');
        },
        async switchNetwork(network) {
          calls.push(`switch:${network.caipNetworkId}`);
          connection.setNetwork('acme', network.caipNetworkId);
        },
        async getBalance() {
          calls.push('balance');
          return { value: 1_234_567n, decimals: 6, symbol: 'ACM' };
        },
        async getIdentity() {
          calls.push('identity');
          return behaviour.identity;
        },
      };
      ctx.services.register(chainAdapterRef('acme'), { useValue: adapter });
    },
  });
  return { plugin, calls };
}

