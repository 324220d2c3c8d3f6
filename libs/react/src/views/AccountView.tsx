import { Avatar, Button, CloseIcon, CopyIcon, IconButton, ListItem, NAMED_ICONS, Tabs } from '@portico/ui';
import { kernelRefs, type Balance } from '@portico/kernel';
import { useState } from 'react';
import { formatBalance, formatDecimal, readFailureKind, truncateAddress, type Network } from '@portico/core';
import { ManifestIcon } from './ManifestIcon';
import { useAccount } from '../hooks/useAccount';
import { OPEN_VIEW_REFETCH_MS } from '../hooks/useAccountRead';
import { useBalance } from '../hooks/useBalance';
import { useIdentity } from '../hooks/useIdentity';
import { useConnectedUser } from '../hooks/useConnectedUser';
import { useNetwork } from '../hooks/useNetwork';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useCopy } from '../hooks/useCopy';
import { useLabel } from '../hooks/useLabel';
import { useModalT } from '../modal/ModalRoot';
import { ViewOutlet } from '../modal/ViewOutlet';

/** The spec's balance text: floored to 3 decimals, `0.00` on testnets and unsupported chains. */
function balanceText(balance: Balance | undefined, network: Network | undefined, locale: string): string | undefined {
  if (!network || network.testnet === true) return `${formatDecimal('0.00', locale, 2)}${network ? ` ${network.nativeCurrency.symbol}` : ''}`;
  return balance ? `${formatBalance(balance.value, balance.decimals, 3, locale)} ${balance.symbol}` : undefined;
}

/** Account: address, balance, network, wallet-feature buttons and tabs from plugins. */
export default function AccountView() {
  const portico = usePortico('AccountView');
  const { kernel } = portico;
  const t = useModalT();
  const label = useLabel();
  const { namespace, caipAddress, networkId, isConnected, connectorId } = useAccount();
  // A login (e-mail, social): who is signed in (spec §3 "Connected user").
  const user = useConnectedUser(connectorId);
  const { network, isSupported } = useNetwork();
  const connection = useObservable(kernel.connection);
  // Re-render when plugins add or withdraw buttons and tabs.
  useObservable(kernel.contributions);
  // Read again while open, so a node that goes away (or comes back) shows within seconds.
  const read = useBalance({ refetchInterval: OPEN_VIEW_REFETCH_MS });
  const balance = balanceText(read.data, network, t.locale);
  // Testnets and unsupported chains show 0.00 whatever the node says, so its failures do not matter there.
  const balanceFailed = read.error !== undefined && network !== undefined && network.testnet !== true;
  const identity = useIdentity().data;
  const { copied, copy } = useCopy();
  const tabs = namespace ? kernel.contributions.list('accountTabs', namespace) : [];
  // A tab's words: the catalogue's for its id, else (a chain plugin's tab showing a modal view, e.g. its NFTs) the view's title.
  const tabLabel = (tab: { id: string; view: string; label: string }) => label(`accountTabs.${tab.id}`, label(`views.${tab.view}`, tab.label));
  const [tab, setTab] = useState<string>();
  const selectedTab = tabs.find((x) => x.id === tab) ?? tabs[0];

  if (!isConnected || !caipAddress || !namespace) {
    return (
      <div className="pt-center">
        <Button onClick={() => kernel.router.reset()}>{t('button.connect')}</Button>
      </div>
    );
  }
  const current = connection.namespaces[namespace];
  const connectorType = current?.connectorId === undefined ? undefined : kernel.connectors.get(current.connectorId)?.type;
  // A button for some wallet types only (the e-mail wallet's settings) shows while such a wallet is connected.
  const buttons = kernel.contributions.list('walletButtons', namespace).filter((b) => !b.connectorTypes || (connectorType !== undefined && b.connectorTypes.includes(connectorType)));
  // An embedded wallet (AUTH) on a chain with both account types: the user picks EOA or smart account (kept by the kernel).
  const accountType = current?.accounts.find((a) => a.address === caipAddress)?.type;
  const switchable =
    connectorType === 'AUTH' &&
    ['eoa', 'smartAccount'].every((type) => kernel.getService(kernelRefs.namespaces).accountTypes(namespace)?.includes(type));
  const chains = Object.entries(connection.namespaces).filter(([, c]) => c.status === 'connected' && c.address);
  return (
    <div className="pt-stack">
      {chains.length > 1 ? (
        <ul className="pt-list" aria-label={t('account.namespaces')} data-testid="account-namespaces">
          {chains.map(([ns, c]) => {
            const name = label(`namespace.${ns}`, kernel.getService(kernelRefs.namespaces).nameOf(ns) ?? ns);
            return (
              <li key={ns} className="pt-row">
                <ListItem
                  label={`${name} · ${truncateAddress(c.address!)}`}
                  imageSrc={c.network ? portico.network(c.network)?.imageUrl : undefined}
                  selected={ns === namespace}
                  data-namespace={ns}
                  className="pt-grow"
                  onClick={() => kernel.connection.setActiveNamespace(ns)}
                />
                <IconButton
                  label={t('account.disconnectNamespace', { name })}
                  data-disconnect-namespace={ns}
                  onClick={() => void portico.disconnect(ns).catch((error: unknown) => kernel.logger.error('Disconnect failed', error))}
                >
                  <CloseIcon width={14} height={14} />
                </IconButton>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="pt-center" style={{ paddingBottom: 4 }}>
        <span data-testid="account-avatar" style={{ display: 'inline-flex' }}>
          <Avatar src={identity?.avatar} name={identity?.name ?? caipAddress.split(':')[2] ?? '?'} seed={caipAddress.split(':')[2]} size={64} />
        </span>
        {identity ? (
          <strong className="pt-identity" data-testid="account-name">
            {identity.name}
          </strong>
        ) : null}
        <div className="pt-row">
          {identity ? <span data-testid="account-address">{truncateAddress(caipAddress)}</span> : <strong data-testid="account-address">{truncateAddress(caipAddress)}</strong>}
          <IconButton
            label={copied ? t('account.copied') : t('account.copy')}
            onClick={() => copy(caipAddress.split(':')[2] ?? '')}
          >
            <CopyIcon width={16} height={16} />
          </IconButton>
        </div>
        {user?.email || user?.userName ? (
          <p className="pt-muted" style={{ margin: 0 }} data-testid="account-user">
            {t('account.signedInAs', { name: user.userName && user.email ? `${user.userName} (${user.email})` : (user.userName ?? user.email ?? '') })}
          </p>
        ) : null}
        {/* Seen and announced: the address is on the clipboard. */}
        <div role="status" className="pt-muted" data-testid="account-copied">
          {copied ? t('account.copied') : ''}
        </div>
        <div>
          <span className="pt-visually-hidden">{t('account.balance')}: </span>
          <span className="pt-amount" data-testid="account-balance" data-stale={balanceFailed && balance ? 'true' : undefined}>
            {balance ?? (balanceFailed ? t('account.balanceUnavailable') : '…')}
          </span>
          {balanceFailed && balance ? (
            <span className="pt-muted" data-testid="account-balance-stale">
              {' '}({t('account.balanceStale')})
            </span>
          ) : null}
        </div>
        {balanceFailed ? (
          <p className="pt-muted" role="status" data-testid="account-balance-error">
            {t(`account.balanceError.${readFailureKind(read.error)}`)}
          </p>
        ) : null}
        <Button variant="secondary" data-testid="account-network" onClick={() => kernel.router.push('Networks')}>
          {isSupported ? (network ? label(`networks.${network.caipNetworkId}`, network.name) : networkId) : t('button.unsupportedNetwork')}
        </Button>
        {switchable && (accountType === 'eoa' || accountType === 'smartAccount') ? (
          <div className="pt-row" data-testid="account-type" data-type={accountType}>
            <span>
              <span className="pt-muted">{t('account.type')}: </span>
              {t(`account.type.${accountType}`)}
            </span>
            <Button variant="secondary" onClick={() => kernel.connection.setPreferredAccountType(namespace, accountType === 'eoa' ? 'smartAccount' : 'eoa')}>
              {t(accountType === 'eoa' ? 'account.switchTo.smartAccount' : 'account.switchTo.eoa')}
            </Button>
          </div>
        ) : null}
      </div>
      {buttons.length ? (
        // One compact row of icon tiles (Buy, Swap, Receive, Send…), so the tabs stay in view.
        <ul className="pt-actions" aria-label={t('account.actions')}>
          {buttons.map((button) => {
            const text = label(`walletButtons.${button.id}`, button.label);
            return (
              <li key={button.id}>
                <button type="button" className="pt-action" data-wallet-button={button.id} onClick={() => kernel.router.push(button.view)}>
                  <ManifestIcon icon={button.icon} name={text} size={32} icons={NAMED_ICONS} />
                  <span className="pt-action-label">{text}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {selectedTab && tabs.length > 1 ? (
        <Tabs label={t('account.tabs')} tabs={tabs.map((x) => ({ id: x.id, label: tabLabel(x) }))} selected={selectedTab.id} onSelect={setTab}>
          <ViewOutlet viewId={selectedTab.view} />
        </Tabs>
      ) : selectedTab ? (
        // One tab (Solana, Bitcoin: Tokens only): its content, without a bar of one tab.
        <section aria-label={tabLabel(selectedTab)} data-account-section={selectedTab.id}>
          <ViewOutlet viewId={selectedTab.view} />
        </section>
      ) : null}
      <Button
        variant="danger"
        block
        onClick={() =>
          void portico.disconnect().then(
            () => kernel.router.close('closed'),
            (error: unknown) => kernel.logger.error('Disconnect failed', error),
          )
        }
      >
        {t('account.disconnect')}
      </Button>
    </div>
  );
}
