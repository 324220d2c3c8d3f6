import { chainEip155Plugin } from '@portico/chain-eip155';
import type { PluginDefinition } from '@portico/kernel';
import { ConnectButton, createPortico, PorticoProvider, type LazyPlugin } from '@portico/react';
import { createRoot } from 'react-dom/client';

/**
 * The minimal host plus the chain plugins an entry passes in: the bench builds it once per
 * plugin, so the difference to the eip155-only host is what enabling that plugin costs.
 */
export function mountWith(plugins: readonly (PluginDefinition | LazyPlugin)[], extra: Partial<Parameters<typeof createPortico>[0]> = {}): void {
  const portico = createPortico({
    ...extra,
    projectId: 'bench',
    networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    plugins: [chainEip155Plugin, ...plugins],
  });
  createRoot(document.getElementById('root')!).render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  );
}
