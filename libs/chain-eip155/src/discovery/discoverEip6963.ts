import { createAnnouncementFilter } from './announcementFilter';
import { listenForAnnouncements, quietly } from './listenForAnnouncements';
import type { AnnouncedWallet } from './parseAnnouncement';

/**
 * EIP-6963 discovery in one call: listens for announcements first, then asks wallets to
 * announce. Announcements are validated snapshots (`parseAnnouncement`); a repeat of a known
 * uuid by the same provider is dropped, and a known uuid reused by another provider under
 * another rdns is ignored as tampering (under the same rdns it reaches `onWallet`, which treats
 * it as an rdns conflict). A wallet whose icon is not a `data:image/…` URI is listed without
 * it, and `onWarning` says so once, naming the wallet. Nothing thrown by the page's objects or
 * by `onWallet` escapes into the page's dispatch. (The eip155 plugin uses the two halves apart,
 * so the checking half loads only once a wallet has announced.)
 */
export function discoverEip6963(
  target: EventTarget,
  onWallet: (wallet: AnnouncedWallet) => void,
  onIgnored: (reason: string) => void = () => undefined,
  onWarning: (message: string) => void = () => undefined,
): { stop(): void; request(): void } {
  const ignore = quietly(onIgnored);
  return listenForAnnouncements(target, createAnnouncementFilter(onWallet, ignore, quietly(onWarning)), ignore);
}
