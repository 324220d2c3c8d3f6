import { AlertBanner, Button, GridIcon, IconButton, ListItem, MailIcon } from '@portico/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { RECOMMENDED_COUNT } from '@portico/core';
import { useLegalGate } from '../hooks/useLegalGate';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useLabel } from '../hooks/useLabel';
import { useT } from '../hooks/useT';
import { groupConnectors } from './groupConnectors';
import { LegalConsent } from './LegalConsent';
import { ManifestIcon } from './ManifestIcon';
import { keepPlaces, useWalletListingPending, type ShownGroup } from './walletListing';

/** Social providers shown as icons after the first, before the rest go behind "More" (as AppKit does). */
export const SOCIAL_ICONS_SHOWN = 3;

const isMobile = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 768px)').matches;

/**
 * Connect: the connect methods in order (email, social, wallet…), wallets grouped. A contested
 * wallet (another one claims the same identity) carries a warning tag, and its first click only
 * shows the warning: connecting it takes a second, explicit "Connect anyway".
 *
 * Flags: `legalCheckbox` adds the host's terms / privacy checkbox, and every connect method stays
 * disabled (with the reason shown) until it is ticked. `collapseWallets` puts the other methods
 * first and the wallets behind one "Continue with a wallet" button that reveals them in place;
 * with no other method to show there is nothing to collapse, and the wallets are listed directly.
 */
export default function ConnectView() {
  const portico = usePortico('ConnectView');
  const { kernel } = portico;
  const t = useT();
  const label = useLabel();
  const contributions = useObservable(kernel.contributions);
  const connectors = useObservable(kernel.connectors);
  const { recentWallets } = useObservable(kernel.connection);
  useObservable(kernel.flags);
  const legal = useLegalGate();
  const reasonId = useId();
  const walletsId = useId();
  /** Disables a connect method while the terms are not accepted, pointing at the reason. */
  const gated = legal.locked ? { disabled: true, 'aria-describedby': reasonId } : {};
  // Only methods that render something count as "others" worth putting the wallets behind.
  const others = contributions.connectMethods.filter((m) => m.id !== 'wallet' && (m.id !== 'social' || contributions.socialProviders.length > 0));
  const hasWallets = contributions.connectMethods.some((m) => m.id === 'wallet');
  const collapsible = kernel.flags.isEnabled('collapseWallets') && others.length > 0 && hasWallets;
  const [revealed, setRevealed] = useState(false);
  const collapsed = collapsible && !revealed;
  const walletSection = useRef<HTMLElement>(null);
  // Revealing the wallets moves focus to the first one (the button that had it is gone).
  useEffect(() => {
    if (revealed) walletSection.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [revealed]);
  const [allProviders, setAllProviders] = useState(false);
  const socialGrid = useRef<HTMLDivElement>(null);
  // "More" is gone once pressed: focus moves to the first provider it revealed.
  useEffect(() => {
    if (allProviders) socialGrid.current?.querySelectorAll<HTMLButtonElement>('button')[SOCIAL_ICONS_SHOWN]?.focus();
  }, [allProviders]);
  const methods = collapsible ? [...others, ...contributions.connectMethods.filter((m) => m.id === 'wallet')] : contributions.connectMethods;
  const listed = groupConnectors(connectors, { recent: recentWallets, excluded: portico.excludeWalletIds, isMobile: isMobile() });
  // While the first listing of registry wallets is under way, their groups keep their rows.
  // As many as the listing can bring: the featured ids it may list (not excluded, in the include list if any, not there yet), at most four recommended.
  const { featuredWalletIds, includeWalletIds } = portico.directory;
  const featuredToCome = featuredWalletIds.filter((id) => !portico.excludeWalletIds.has(id) && (!includeWalletIds || includeWalletIds.includes(id)) && !kernel.connectors.get(id)).length;
  const recommendedToCome = Math.min(RECOMMENDED_COUNT, includeWalletIds?.length ?? RECOMMENDED_COUNT);
  const groups: ShownGroup[] = useWalletListingPending(portico) ? keepPlaces(listed, { featured: featuredToCome, recommended: recommendedToCome }) : listed;
  /** The contested wallet whose warning is open. */
  const [confirming, setConfirming] = useState<string>();
  const connect = (id: string) => void portico.connect(id).catch(() => undefined);

  return (
    // One sequence for the list keys (the dialog's focus trap): the methods, social icons and wallets, All Wallets.
    <div className="pt-stack" data-list-keys>
      {legal.required ? <LegalConsent accepted={legal.accepted} reasonId={reasonId} /> : null}
      {methods.map((method) => {
        if (method.id === 'wallet' && collapsed) {
          return (
            <ListItem
              key={method.id}
              label={t('connect.continueWithWallet')}
              icon={<GridIcon />}
              aria-expanded={false}
              aria-controls={walletsId}
              data-testid="continue-with-wallet"
              {...gated}
              onClick={() => setRevealed(true)}
            />
          );
        }
        if (method.id === 'wallet') {
          return (
            <section key={method.id} id={walletsId} ref={walletSection} className="pt-stack" aria-label={t('connect.wallets')}>
              {groups.length === 0 ? <p className="pt-muted">{t('connect.noWallets')}</p> : null}
              {groups.map(({ group, connectors: list, places }) => (
                <div key={group} className="pt-stack" data-group={group} aria-busy={places ? true : undefined}>
                  <h3 className="pt-section-label">{t(`connect.group.${group}`)}</h3>
                  {places ? (
                    <ul className="pt-list" aria-hidden="true" data-places={group}>
                      {Array.from({ length: places }, (_, i) => (
                        <li key={i}>
                          <div className="pt-list-item pt-skeleton" />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <ul className="pt-list">
                      {list.map((connector) => (
                        <li key={connector.id} className={connector.contested ? 'pt-stack' : undefined}>
                          <ListItem
                            label={connector.name}
                            imageSrc={connector.icon}
                            tag={connector.contested ? t('connect.contested') : group === 'recent' ? t('connect.recent') : undefined}
                            data-connector-id={connector.id}
                            data-contested={connector.contested || undefined}
                            aria-expanded={connector.contested ? confirming === connector.id : undefined}
                            {...gated}
                            onClick={() => (connector.contested ? setConfirming(connector.id) : connect(connector.id))}
                          />
                          {connector.contested && confirming === connector.id ? (
                            <AlertBanner
                              severity="warning"
                              title={t('connect.contestedWarning', { name: connector.name })}
                              action={
                                <Button variant="secondary" {...gated} onClick={() => connect(connector.id)}>
                                  {t('connect.contestedConfirm')}
                                </Button>
                              }
                            />
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
              {kernel.flags.isEnabled('allWallets') ? (
                <ListItem label={t('connect.allWallets')} icon={<GridIcon />} {...gated} onClick={() => kernel.router.push('AllWallets')} />
              ) : null}
            </section>
          );
        }
        if (method.id === 'social' && contributions.socialProviders.length > 0) {
          const [first, ...rest] = contributions.socialProviders;
          const nameOf = (p: { id: string; label: string }) => t(`socialProviders.${p.id}`, undefined, p.label);
          const go = (provider: string) => method.view && kernel.router.push(method.view, { provider });
          return (
            <div key={method.id} className="pt-stack" role="group" aria-label={label(`connectMethods.${method.id}`, method.label)}>
              <ListItem label={t('connect.social', { name: nameOf(first!) })} icon={<ManifestIcon icon={first!.icon} name={nameOf(first!)} />} {...gated} onClick={() => go(first!.id)} />
              {rest.length ? (
                <div className="pt-social-grid" ref={socialGrid}>
                  {/* One more icon than fits would take the "More" button's place: then all show. */}
                  {(allProviders || rest.length <= SOCIAL_ICONS_SHOWN + 1 ? rest : rest.slice(0, SOCIAL_ICONS_SHOWN)).map((provider) => (
                    <IconButton key={provider.id} className="pt-social" label={t('connect.social', { name: nameOf(provider) })} {...gated} onClick={() => go(provider.id)}>
                      <ManifestIcon icon={provider.icon} name={nameOf(provider)} size={28} />
                    </IconButton>
                  ))}
                  {!allProviders && rest.length > SOCIAL_ICONS_SHOWN + 1 ? (
                    <IconButton className="pt-social" label={t('connect.moreProviders', { count: rest.length - SOCIAL_ICONS_SHOWN })} aria-expanded={false} onClick={() => setAllProviders(true)}>
                      <GridIcon />
                    </IconButton>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        }
        return (
          <ListItem
            key={method.id}
            label={label(`connectMethods.${method.id}`, method.label)}
            icon={method.id === 'email' ? <MailIcon /> : undefined}
            {...gated}
            onClick={() => method.view && kernel.router.push(method.view)}
          />
        );
      })}
    </div>
  );
}
