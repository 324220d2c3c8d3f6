import { chainAdapterRef, createMemoryStorage, definePlugin, kernelRefs, type ChainAdapter } from '@portico/kernel';
import { JsonRpcError, RpcUnavailableError } from '@portico/kernel/http';
import { type Portico } from '@portico/core';
import { createPortico } from '../createPortico';
import { acmeNetworks } from '@portico/core/testing';

/** The connected account of `connectedToFlakyNode`. */
export const FLAKY_ADDRESS = 'acme:1:abcdef0123456789';

/**
 * A connected Portico whose `acme` chain reads its balance from a node the test takes down and
 * brings back (`node.up`); a down node fails the way `jsonRpcRequest` does when no URL answers.
 * `node.refuses` makes the node answer with that JSON-RPC error instead.
 */
export async function connectedToFlakyNode(): Promise<{ portico: Portico; node: { up: boolean; value: bigint; reads: number; refuses?: string } }> {
  const node: { up: boolean; value: bigint; reads: number; refuses?: string } = { up: true, value: 1_234_567n, reads: 0 };
  const plugin = definePlugin({
    manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const adapter: ChainAdapter = {
        namespace: 'acme',
        async connect(id) {
          connection.setConnected('acme', { accounts: [{ address: FLAKY_ADDRESS, type: 'eoa' }], network: 'acme:1', connectorId: id });
        },
        async disconnect() {
          connection.setDisconnected('acme');
        },
        async switchNetwork(network) {
          connection.setNetwork('acme', network.caipNetworkId);
        },
        async getBalance() {
          node.reads++;
          if (!node.up) throw new RpcUnavailableError(['http://127.0.0.1:9/'], new TypeError('fetch failed'));
          if (node.refuses) throw new JsonRpcError(-32000, node.refuses);
          return { value: node.value, decimals: 6, symbol: 'ACM' };
        },
      };
      ctx.services.register(chainAdapterRef('acme'), { useValue: adapter });
    },
  });
  const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin], storage: createMemoryStorage(), logLevel: 'silent' });
  await portico.start();
  // The read code is there, as after the modal's first open: these tests time the reads, not its loading.
  await portico.preload();
  await portico.adapter('acme')!.connect('acme-wallet');
  return { portico, node };
}
