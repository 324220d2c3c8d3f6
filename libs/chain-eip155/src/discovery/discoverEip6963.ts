import { parseAnnouncement, type AnnouncedWallet } from './parseAnnouncement';

/**
 * EIP-6963 discovery: listens for announcements first, then asks wallets to announce.
 * The listener stays until `stop()` (late wallets still arrive). Announcements are
 * validated snapshots (`parseAnnouncement`); a repeat of a known uuid by the same provider is
 * dropped, and a known uuid reused by another provider under another rdns is ignored as
 * tampering (under the same rdns it reaches `onWallet`, which treats it as an rdns conflict).
 * Nothing thrown by the page's objects or by `onWallet` escapes into the page's dispatch.
 */
export function discoverEip6963(
  target: EventTarget,
  onWallet: (wallet: AnnouncedWallet) => void,
  onIgnored: (reason: string) => void = () => undefined,
): { stop(): void; request(): void } {
  const byUuid = new Map<string, AnnouncedWallet>();
  const ignore = (reason: string) => {
    try {
      onIgnored(reason);
    } catch {
      // The reporter failing must not turn an ignored announcement into a page error.
    }
  };
  const handle = (event: Event) => {
    let detail: unknown;
    try {
      detail = (event as CustomEvent).detail;
    } catch {
      return ignore('reading event.detail threw');
    }
    const parsed = parseAnnouncement(detail);
    if (typeof parsed === 'string') return ignore(parsed);
    const known = byUuid.get(parsed.uuid);
    if (known?.source === parsed.source) return;
    if (known && known.rdns !== parsed.rdns) return ignore(`uuid ${parsed.uuid} announced again by another provider, as another rdns`);
    if (!known) byUuid.set(parsed.uuid, parsed);
    onWallet(parsed);
  };
  const listener = (event: Event) => {
    try {
      handle(event);
    } catch {
      ignore('listing the announced wallet failed');
    }
  };
  target.addEventListener('eip6963:announceProvider', listener);
  const request = () => target.dispatchEvent(new Event('eip6963:requestProvider'));
  request();
  return { stop: () => target.removeEventListener('eip6963:announceProvider', listener), request };
}
