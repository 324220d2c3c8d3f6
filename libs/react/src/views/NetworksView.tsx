import { kernelRefs } from '@portico/kernel';
import type { Network } from '@portico/core';
import { AlertBanner, Button, ListItem } from '@portico/ui';
import { useState } from 'react';
import { ErrorBanner } from '../errors/ErrorBanner';
import { useNetwork } from '../hooks/useNetwork';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useLabel } from '../hooks/useLabel';
import { useModalT } from '../modal/ModalRoot';

const namespaceOf = (network: Network) => network.caipNetworkId.split(':')[0]!;

/**
 * Networks: the app's networks, grouped by chain family when there are several, testnets
 * marked. Choosing one switches that namespace's wallet (and makes it the active namespace); the
 * row says so until the wallet answers, then the view goes back. A network of a namespace with
 * no wallet connected says so, with a way to connect one, never nothing.
 */
export default function NetworksView() {
  const portico = usePortico('NetworksView');
  const { kernel } = portico;
  const t = useModalT();
  const { networkId, isSupported } = useNetwork();
  const connection = useObservable(kernel.connection);
  /** What the last switch threw (a wallet's refusal, a network failure): described in the banner. */
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [switching, setSwitching] = useState<string>();
  const [needsWallet, setNeedsWallet] = useState<Network>();
  const label = useLabel();
  const nameOf = (ns: string) => label(`namespace.${ns}`, kernel.getService(kernelRefs.namespaces).nameOf(ns) ?? ns);
  const groups = new Map<string, Network[]>();
  for (const network of portico.networks) groups.set(namespaceOf(network), [...(groups.get(namespaceOf(network)) ?? []), network]);

  const choose = (network: Network) => {
    // A new attempt: the last one's failure is no longer news.
    setFailure(undefined);
    setNeedsWallet(undefined);
    const ns = namespaceOf(network);
    const active = connection.activeNamespace;
    if (ns !== active && active && connection.namespaces[active]?.status === 'connected' && connection.namespaces[ns]?.status !== 'connected') {
      setNeedsWallet(network);
      return;
    }
    setSwitching(network.caipNetworkId);
    void portico.switchNetwork(network.caipNetworkId).then(
      () => {
        if (connection.namespaces[ns]?.status === 'connected') kernel.connection.setActiveNamespace(ns);
        setSwitching(undefined);
        if (!kernel.router.back()) kernel.router.close('closed');
      },
      (error: unknown) => {
        kernel.logger.warn(`Switching to ${network.caipNetworkId} failed`, error);
        setSwitching(undefined);
        setFailure({ error });
      },
    );
  };

  return (
    // One sequence for the list keys (the dialog's focus trap): every namespace's networks.
    <div className="pt-stack" data-list-keys>
      {!isSupported ? <AlertBanner severity="warning" title={t('networks.unsupported')} /> : null}
      {failure ? <ErrorBanner error={failure.error} /> : null}
      {needsWallet ? (
        <AlertBanner
          severity="info"
          title={t('networks.connectFirst', { namespace: nameOf(namespaceOf(needsWallet)), network: label(`networks.${needsWallet.caipNetworkId}`, needsWallet.name) })}
          action={
            <Button variant="secondary" onClick={() => kernel.router.push(kernel.router.home())}>
              {t('button.connect')}
            </Button>
          }
        />
      ) : null}
      {[...groups].map(([ns, list]) => (
        <section key={ns} className="pt-stack" aria-label={groups.size > 1 ? nameOf(ns) : undefined}>
          {groups.size > 1 ? <h3 className="pt-section-label">{nameOf(ns)}</h3> : null}
          <ul className="pt-list">
            {list.map((network) => {
              const current = network.caipNetworkId === networkId;
              const pending = network.caipNetworkId === switching;
              const tag = pending ? t('networks.switching') : current ? t('networks.current') : network.testnet ? t('networks.testnet') : undefined;
              return (
                <li key={network.caipNetworkId}>
                  <ListItem
                    label={label(`networks.${network.caipNetworkId}`, network.name)}
                    imageSrc={network.imageUrl}
                    selected={current}
                    tag={tag}
                    aria-busy={pending || undefined}
                    disabled={switching !== undefined}
                    data-network-id={network.caipNetworkId}
                    onClick={() => choose(network)}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
