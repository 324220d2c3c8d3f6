import { chainAdapterRef, defineManifest, definePlugin, kernelRefs, type ChainAdapter } from '@portico/kernel';
import type { Network } from '@portico/react';

/** The demo chain's mark (a network's `imageUrl`, as a host's `assets` would give it): the network's, and a striped one for its testnet. */
const mark = (stripes: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#7048e8"/>${stripes}<path d="M11 9.5h5.5a6.5 6.5 0 0 1 0 13H11z" fill="#fff"/></svg>`)}`;

/** Networks of the demo chain: one "mainnet", one testnet (balances show 0.00 there). */
export const demoNetworks: Network[] = [
  { caipNetworkId: 'demo:1', name: 'Demo Mainnet', nativeCurrency: { name: 'Demo Ether', symbol: 'DEMO', decimals: 18 }, imageUrl: mark('') },
  { caipNetworkId: 'demo:2', name: 'Demo Testnet', nativeCurrency: { name: 'Demo Ether', symbol: 'DEMO', decimals: 18 }, testnet: true, imageUrl: mark('<path d="M0 22 22 0h5L0 27z" fill="#9775fa"/>') },
];

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7048e8"/><path d="M9 10h9a6 6 0 0 1 0 12H9z" fill="#fff"/></svg>')}`;

const manifest = defineManifest({
  id: 'chain-demo',
  version: '0.1.0',
  kernel: '^0.1.0',
  displayName: 'Demo chain (in-page wallets, no network)',
  namespaces: [{ id: 'demo', name: 'Demo', defaultAccountType: 'eoa' }],
  contributes: {
    connectorGroups: [{ id: 'demo-announced', group: 'injected', connectorType: 'ANNOUNCED', namespaces: ['demo'] }],
    rpcPolicies: [{ id: 'demo', namespace: 'demo', safe: ['demo_accounts', 'demo_chainId'], confirm: ['demo_signMessage', 'demo_sendTransaction'] }],
  },
});

/**
 * A chain plugin for a made-up `demo` namespace with in-page wallets, so the modal can be
 * tried (and browser-tested) without a real chain: "Demo Wallet" connects, "Demo Wallet
 * (declines)" rejects, "Demo Wallet (slow)" takes 1.5 s. Its provider goes through the
 * kernel's request gate like an embedded wallet's.
 */
export const demoChainPlugin = definePlugin({
  manifest,
  activate(ctx) {
    const connection = ctx.services.get(kernelRefs.connection);
    const connectors = ctx.services.get(kernelRefs.connectors);
    const gate = ctx.services.get(kernelRefs.requestGate);
    const wallets = [
      { id: 'demo-wallet', name: 'Demo Wallet', behaviour: 'ok' },
      { id: 'demo-declines', name: 'Demo Wallet (declines)', behaviour: 'decline' },
      { id: 'demo-slow', name: 'Demo Wallet (slow)', behaviour: 'slow' },
    ] as const;
    for (const wallet of wallets) {
      ctx.onDispose(connectors.register({ id: wallet.id, name: wallet.name, type: 'ANNOUNCED', namespaces: ['demo'], icon: ICON, rdns: `dev.portico.${wallet.id}` }, ctx.pluginId));
    }
    const address = 'demo:1:0xD3m0000000000000000000000000000000C0ffee';
    const adapter: ChainAdapter = {
      namespace: 'demo',
      async connect(connectorId) {
        const wallet = wallets.find((w) => w.id === connectorId);
        connection.setConnecting('demo', connectorId);
        await new Promise((r) => setTimeout(r, wallet?.behaviour === 'slow' ? 1500 : 150));
        if (!wallet || wallet.behaviour === 'decline') {
          connection.setDisconnected('demo');
          throw new Error('User rejected the request.');
        }
        const network = connection.get('demo').network ?? 'demo:1';
        connection.setConnected('demo', { accounts: [{ address: address.replace('demo:1', network), type: 'eoa' }], network, connectorId });
      },
      async disconnect() {
        connection.setDisconnected('demo');
      },
      async switchNetwork({ caipNetworkId: networkId }) {
        connection.setNetwork('demo', networkId);
        const current = connection.get('demo');
        if (current.status === 'connected' && current.address) {
          connection.setAccounts('demo', [{ address: `${networkId}:${current.address.split(':')[2]}`, type: 'eoa' }]);
        }
      },
      async getBalance() {
        return { value: 1_234_567_890_000_000_000n, decimals: 18, symbol: 'DEMO' };
      },
      getProvider: () => ({
        request: ({ method, params }: { method: string; params?: unknown }) =>
          gate.request('demo', { method, params }, async () => (method === 'demo_chainId' ? connection.get('demo').network : `signed:${method}`)),
      }),
    };
    ctx.services.register(chainAdapterRef('demo'), { useValue: adapter });
    // Silent reconnect after reload: the demo wallet always remembers the site.
    const restored = connection.restoredSession('demo');
    if (restored?.connectorId === 'demo-wallet') void adapter.connect('demo-wallet').catch(() => undefined);
  },
});
