import { AlertBanner, Button, CONNECT_ICONS, GridIcon, IconButton, ListItem } from '@portico/ui';
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

/** A connect method's choices shown as icons after the first, before the rest go behind "More" (as AppKit does with social providers). */
export const OPTION_ICONS_SHOWN = 3;

/** A connect method's icon: a named one (`CONNECT_ICONS`) as drawn in a row (no badge), an image URL as an avatar; none: the row's initial. */
function methodIcon(icon: string | undefined, name: string) {
  if (icon === undefined) return undefined;
  const Named = Object.hasOwn(CONNECT_ICONS, icon) ? CONNECT_ICONS[icon]! : undefined;
  return Named ? <Named /> : <ManifestIcon icon={icon} name={name} />;
}

const isMobile = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 768px)').matches;

/**
 * Connect: the connect methods in order, as their plugins contribute them: the kernel's `wallet`
 * (the wallets, grouped), a row per other method, and a method's choices (`options`: the first
 * as a row, the rest as icons) when it has them. A contested
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
  // A method whose choices are all hidden (or none contributed) shows nothing.
  const shown = contributions.connectMethods.filter((m) => !m.options || contributions[m.options].length > 0);
  const others = shown.filter((m) => m.id !== 'wallet');
  const hasWallets = shown.some((m) => m.id === 'wallet');
  const collapsible = kernel.flags.isEnabled('collapseWallets') && others.length > 0 && hasWallets;
  const [revealed, setRevealed] = useState(false);
  const collapsed = collapsible && !revealed;
  const walletSection = useRef<HTMLElement>(null);
  // Revealing the wallets moves focus to the first one (the button that had it is gone).
  useEffect(() => {
    if (revealed) walletSection.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [revealed]);
  /** The method whose choices are all shown ("More" pressed). */
  const [allOptions, setAllOptions] = useState<string>();
  const optionGrid = useRef<HTMLDivElement>(null);
  // "More" is gone once pressed: focus moves to the first choice it revealed.
  useEffect(() => {
    if (allOptions) optionGrid.current?.querySelectorAll<HTMLButtonElement>('button')[OPTION_ICONS_SHOWN]?.focus();
  }, [allOptions]);
  const methods = collapsible ? [...others, ...shown.filter((m) => m.id === 'wallet')] : shown;
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
    // One sequence for the list keys (the dialog's focus trap): the methods, their choices' icons and wallets, All Wallets.
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
        const methodLabel = label(`connectMethods.${method.id}`, method.label);
        if (method.options) {
          const [first, ...rest] = contributions[method.options];
          const nameOf = (option: { id: string; label: string }) => label(`${method.options}.${option.id}`, option.label);
          const go = (option: string) => method.view && kernel.router.push(method.view, { option });
          const all = allOptions === method.id;
          return (
            <div key={method.id} className="pt-stack" role="group" aria-label={methodLabel}>
              <ListItem label={t('connect.option', { name: nameOf(first!) })} icon={<ManifestIcon icon={first!.icon} name={nameOf(first!)} />} {...gated} onClick={() => go(first!.id)} />
              {rest.length ? (
                <div className="pt-option-grid" ref={all ? optionGrid : undefined}>
                  {/* One more icon than fits would take the "More" button's place: then all show. */}
                  {(all || rest.length <= OPTION_ICONS_SHOWN + 1 ? rest : rest.slice(0, OPTION_ICONS_SHOWN)).map((option) => (
                    <IconButton key={option.id} className="pt-option" label={t('connect.option', { name: nameOf(option) })} {...gated} onClick={() => go(option.id)}>
                      <ManifestIcon icon={option.icon} name={nameOf(option)} size={28} />
                    </IconButton>
                  ))}
                  {!all && rest.length > OPTION_ICONS_SHOWN + 1 ? (
                    <IconButton className="pt-option" label={t('connect.moreProviders', { count: rest.length - OPTION_ICONS_SHOWN })} aria-expanded={false} onClick={() => setAllOptions(method.id)}>
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
            label={methodLabel}
            icon={methodIcon(method.icon, methodLabel)}
            {...gated}
            onClick={() => method.view && kernel.router.push(method.view)}
          />
        );
      })}
    </div>
  );
}
