import { chainAdapterRef, defineManifest, definePlugin, kernelRefs, type ActivityPage, type ChainAdapter, type TokenBalance } from '@portico/kernel';
import { historyPlugin } from '@portico/plugin-history';
import { AccountButton, createPortico, PorticoProvider } from '@portico/react';
import { createRoot } from 'react-dom/client';

/**
 * The Account view with a large account: a stand-in eip155 chain whose adapter answers 200
 * tokens and 1,000 transactions, each when the bench calls `benchRelease('tokens' | 'activity')`
 * (it records `benchDataAt[kind]` as it hands them over), so the bench times data → painted rows.
 */
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const tokens: TokenBalance[] = Array.from({ length: 200 }, (_, i) => ({
  name: `Token ${i + 1}`,
  symbol: `T${i + 1}`,
  chainId: 'eip155:1',
  ...(i ? { address: `0x${(i + 1).toString(16).padStart(40, '0')}` } : {}),
  quantity: { decimals: 18, numeric: `${(i + 1) * 1.5}` },
  value: (i + 1) * 2.25,
}));
const day = 86_400_000;
const activity: ActivityPage = {
  transactions: Array.from({ length: 1000 }, (_, i) => ({
    id: `0x${i.toString(16).padStart(64, '0')}`,
    metadata: {
      operationType: i % 3 ? 'send' : 'receive',
      status: i < 3 ? 'pending' : 'confirmed',
      sentFrom: ADDRESS,
      sentTo: `0x${(i + 7).toString(16).padStart(40, '0')}`,
      ...(i < 3 ? {} : { minedAt: new Date(Date.now() - i * day * 0.3).toISOString() }),
      chain: 'eip155:1',
      hash: `0x${i.toString(16).padStart(64, '0')}`,
    },
    transfers: [{ direction: i % 3 ? 'out' : 'in', quantity: { numeric: `0.${i + 1}` }, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
  })),
};

const waiting = new Map<string, () => void>();
const bench = window as unknown as { benchRelease(kind: string): void; benchDataAt: Record<string, number>; benchAsked: Set<string>; portico: unknown };
bench.benchDataAt = {};
bench.benchAsked = new Set();
bench.benchRelease = (kind) => waiting.get(kind)?.();
const held = <T,>(kind: string, value: T) => {
  bench.benchAsked.add(kind);
  return new Promise<T>((resolve) =>
    waiting.set(kind, () => {
      bench.benchAsked.delete(kind);
      bench.benchDataAt[kind] = performance.now();
      resolve(value);
    }),
  );
};

const benchChain = definePlugin({
  manifest: defineManifest({ id: 'bench-chain', version: '0.1.0', kernel: '^0.1.0', displayName: 'Bench chain', namespaces: [{ id: 'eip155', name: 'Ethereum', defaultAccountType: 'eoa' }] }),
  activate(ctx) {
    const connection = ctx.services.get(kernelRefs.connection);
    const adapter: ChainAdapter = {
      namespace: 'eip155',
      async connect() {
        connection.setConnected('eip155', { accounts: [{ address: `eip155:1:${ADDRESS}`, type: 'eoa' }], network: 'eip155:1', connectorId: 'bench' });
      },
      async disconnect() {
        connection.setDisconnected('eip155');
      },
      async switchNetwork() {},
      getBalance: async () => ({ value: 10n ** 18n, decimals: 18, symbol: 'ETH' }),
      getTokens: () => held('tokens', tokens),
      getActivity: () => held('activity', activity),
    };
    ctx.services.register(chainAdapterRef('eip155'), { useValue: adapter });
  },
});

const portico = createPortico({
  projectId: 'bench',
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  plugins: [benchChain, historyPlugin],
});
bench.portico = portico;
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <AccountButton />
  </PorticoProvider>,
);
void portico.start().then(() => portico.adapter('eip155')!.connect('bench'));
