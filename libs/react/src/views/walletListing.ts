import { useEffect, useState } from 'react';
import { CONNECTOR_GROUPS, type ConnectorGroup, type RegisteredConnector } from '@portico/kernel';
import { directoryVia, type Portico } from '@portico/core';

/** How long after the first open (and the start) the Connect view keeps places for registry wallets that have not come (a registry that never answers). */
export const LISTING_PLACES_MS = 8_000;

interface Listing {
  done: boolean;
  readonly finished: Promise<void>;
}
const listings = new WeakMap<Portico, Listing>();

/**
 * Follows the first listing of registry wallets (featured and recommended, fetched once the modal
 * first opens: see `createPortico`) from when the modal's code arrives, before any open: done at
 * `wallets:listed`, or `LISTING_PLACES_MS` after the first open, counted from the end of the start when the
 * open came before it. Nothing for a host without a registry.
 */
export function followWalletListing(portico: Portico): void {
  const { kernel } = portico;
  if (listings.has(portico) || !portico.directory.registry) return;
  let finish!: () => void;
  const listing: Listing = { done: false, finished: new Promise<void>((resolve) => (finish = resolve)) };
  const end = () => {
    listing.done = true;
    finish();
  };
  listings.set(portico, listing);
  // Over already (the modal opened, maybe closed again, before its code arrived), or opened now
  // with the listing under way unseen: the wallets come in as they are listed, without places kept.
  if (portico.directory.listed || kernel.router.getSnapshot().isOpen) return end();
  kernel.events.once('wallets:listed', end);
  // The registry is asked once the modal has opened and the start is over (an open can come first): timed from then.
  kernel.events.once('modal:opened', () => void portico.start().then(() => setTimeout(end, LISTING_PLACES_MS), end));
}

/**
 * Whether the Connect view keeps places for registry wallets still on their way: the first
 * listing is under way and the connector that reaches them (WalletConnect's) is there. The places keep the
 * view from jumping, and its Recommended section from being there on one open and not another.
 */
export function useWalletListingPending(portico: Portico): boolean {
  const listing = listings.get(portico);
  const [pending, setPending] = useState(() => listing !== undefined && !listing.done);
  useEffect(() => {
    if (!pending || !listing) return;
    let live = true;
    void listing.finished.then(() => live && setPending(false));
    return () => {
      live = false;
    };
  }, [listing, pending]);
  return pending && directoryVia(portico.kernel) !== undefined;
}

/** A group of the Connect view: its wallets, or (`places`) how many rows to keep for wallets still on their way. */
export interface ShownGroup {
  group: ConnectorGroup;
  connectors: RegisteredConnector[];
  places?: number;
}

/** Adds the groups still to come, with their rows kept, in the groups' order; a group already there is left as it is. */
export function keepPlaces(groups: readonly ShownGroup[], places: Partial<Record<ConnectorGroup, number>>): ShownGroup[] {
  const shown = [...groups];
  for (const [group, count] of Object.entries(places) as Array<[ConnectorGroup, number]>) {
    if (count > 0 && !shown.some((g) => g.group === group)) shown.push({ group, connectors: [], places: count });
  }
  return shown.sort((a, b) => CONNECTOR_GROUPS.indexOf(a.group) - CONNECTOR_GROUPS.indexOf(b.group));
}
