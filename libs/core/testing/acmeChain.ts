import { chainAdapterRef, definePlugin, kernelRefs, untilAborted, type AccountIdentity, type ChainAdapter } from '@portico/kernel';
import type { Network } from '../src/portico/porticoConfigSchema';

/** Networks of the made-up `acme` namespace used by the tests. */
export const acmeNetworks: Network[] = [
  { caipNetworkId: 'acme:1', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 } },
  { caipNetworkId: 'acme:2', name: 'Acme Test', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 }, testnet: true },
];

/**
 * A chain plugin for a made-up namespace whose wallet can be told to decline, or to hold its
 * connect prompts until `release()` (a wallet that does not answer).
 */
export function acmeChain(behaviour: { decline?: boolean; identity?: AccountIdentity; identityFails?: boolean; hold?: boolean } = {}) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  const plugin = definePlugin({
    manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      ctx.onDispose(ctx.services.get(kernelRefs.connectors).register({ id: 'acme-wallet', name: 'Acme Wallet', type: 'ANNOUNCED', namespaces: ['acme'], rdns: 'xyz.acme' }, ctx.pluginId));
      const adapter: ChainAdapter = {
        namespace: 'acme',
        async connect(id, options = {}) {
          calls.push(`connect:${id}`);
          const ticket = connection.beginConnect('acme', id, options.signal);
          try {
            if (behaviour.hold) await untilAborted(new Promise<void>((r) => held.push(r)), ticket.signal);
            if (behaviour.decline) throw new Error('User rejected the request.');
            connection.setConnected('acme', { accounts: [{ address: 'acme:1:abcdef0123456789', type: 'eoa' }], network: 'acme:1', connectorId: id, attempt: ticket });
          } catch (error) {
            ticket.abandon();
            throw error;
          }
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
          if (behaviour.identityFails) throw new Error('name service unreachable');
          return behaviour.identity;
        },
      };
      ctx.services.register(chainAdapterRef('acme'), { useValue: adapter });
    },
  });
  return {
    plugin,
    calls,
    held: () => held.length,
    /** Answers the held connect prompts; later ones answer at once. */
    release() {
      behaviour.hold = false;
      for (const answer of held.splice(0)) answer();
    },
  };
}

