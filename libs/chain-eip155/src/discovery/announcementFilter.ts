import { checkAnnouncement, type AnnouncedWallet } from './parseAnnouncement';
import type { AnnouncementReading } from './readAnnouncement';

/**
 * EIP-6963's checking half: each reading is checked (`checkAnnouncement`); a repeat of a known
 * uuid by the same provider is dropped, and a known uuid reused by another provider under
 * another rdns is ignored as tampering (under the same rdns it reaches `onWallet`, which treats
 * it as an rdns conflict). A wallet listed without its icon is reported to `warn` once, not on
 * each re-announcement.
 */
export function createAnnouncementFilter(
  onWallet: (wallet: AnnouncedWallet) => void,
  ignore: (reason: string) => void,
  warn: (message: string) => void = () => undefined,
): (reading: AnnouncementReading) => void {
  const byUuid = new Map<string, AnnouncedWallet>();
  return (reading) => {
    let iconDropped: string | undefined;
    const parsed = checkAnnouncement(reading, (message) => (iconDropped = message));
    if (typeof parsed === 'string') return ignore(parsed);
    const known = byUuid.get(parsed.uuid);
    if (known?.source === parsed.source) return;
    if (known && known.rdns !== parsed.rdns) return ignore(`uuid ${parsed.uuid} announced again by another provider, as another rdns`);
    if (!known) byUuid.set(parsed.uuid, parsed);
    onWallet(parsed);
    if (iconDropped !== undefined) warn(iconDropped);
  };
}
