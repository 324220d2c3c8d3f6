import { AlertBanner, ListItem } from '@portico/ui';
import { useState } from 'react';
import { ErrorBanner } from '../errors/ErrorBanner';
import { useNetwork } from '../hooks/useNetwork';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Networks: the app's networks; choosing one switches the wallet (or records the choice). */
export default function NetworksView() {
  const portico = usePortico('NetworksView');
  const t = useT();
  const { networkId, isSupported } = useNetwork();
  /** What the last switch threw (a wallet's refusal, a network failure): described in the banner. */
  const [failure, setFailure] = useState<{ error: unknown }>();
  return (
    <div className="pt-stack">
      {!isSupported ? <AlertBanner severity="warning" title={t('networks.unsupported')} /> : null}
      {failure ? <ErrorBanner error={failure.error} /> : null}
      <ul className="pt-list">
        {portico.networks.map((network) => (
          <li key={network.caipNetworkId}>
            <ListItem
              label={network.name}
              imageSrc={network.imageUrl}
              selected={network.caipNetworkId === networkId}
              tag={network.caipNetworkId === networkId ? t('networks.current') : undefined}
              data-network-id={network.caipNetworkId}
              onClick={() => {
                // A new attempt: the last one's failure is no longer news.
                setFailure(undefined);
                void portico.switchNetwork(network.caipNetworkId).then(
                  () => portico.kernel.router.back() || portico.kernel.router.close('closed'),
                  (error: unknown) => {
                    portico.kernel.logger.warn(`Switching to ${network.caipNetworkId} failed`, error);
                    setFailure({ error });
                  },
                );
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
