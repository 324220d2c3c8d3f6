import { AlertBanner, ListItem } from '@portico/ui';
import { useState } from 'react';
import { useNetwork } from '../hooks/useNetwork';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Networks: the app's networks; choosing one switches the wallet (or records the choice). */
export default function NetworksView() {
  const portico = usePortico('NetworksView');
  const t = useT();
  const { networkId, isSupported } = useNetwork();
  const [error, setError] = useState<string>();
  return (
    <div className="pt-stack">
      {!isSupported ? <AlertBanner severity="warning" title={t('networks.unsupported')} /> : null}
      {error ? <AlertBanner severity="error" title={error} /> : null}
      <ul className="pt-list">
        {portico.networks.map((network) => (
          <li key={network.caipNetworkId}>
            <ListItem
              label={network.name}
              imageSrc={network.imageUrl}
              selected={network.caipNetworkId === networkId}
              tag={network.caipNetworkId === networkId ? t('networks.current') : undefined}
              data-network-id={network.caipNetworkId}
              onClick={() =>
                portico.switchNetwork(network.caipNetworkId).then(
                  () => portico.kernel.router.back() || portico.kernel.router.close('closed'),
                  (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
                )
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
