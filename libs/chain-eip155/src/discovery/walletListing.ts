// The eip155 wallet listing: announcements checked and deduplicated, then listed as connectors
// with the rdns claims (`createRdnsClaims`). Loaded once a wallet has announced itself (or a
// session needs it), not with the page: a visitor without a wallet never downloads it.
import { createAnnouncementFilter } from './announcementFilter';
import { createRdnsClaims, type RdnsClaimsParts } from './createRdnsClaims';
import type { AnnouncedWallet } from './parseAnnouncement';

/** What the adapter's session half asks the listing. */
export type WalletListing = ReturnType<typeof createWalletListing>;

export function createWalletListing(parts: RdnsClaimsParts & { onIgnored(reason: string): void }) {
  const claims = createRdnsClaims(parts);
  const filter = createAnnouncementFilter((wallet) => claims.add(wallet), parts.onIgnored, (message) => parts.logger.warn(message));
  return {
    /** An announcement as read when it arrived. */
    addReading: filter,
    /** A wallet already checked (tests, other discovery code). */
    addWallet: (wallet: AnnouncedWallet) => claims.add(wallet),
    isContested: claims.isContested,
    isContestedId: claims.isContestedId,
    dispose: claims.dispose,
  };
}
