import type { Eip1193Provider } from './Eip1193Provider';

/** A wallet announced through EIP-6963. `name` and `icon` are untrusted. */
export interface AnnouncedWallet {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
  readonly provider: Eip1193Provider;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const RDNS = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Validates an announcement; returns the wallet or why it was ignored. */
export function parseAnnouncement(detail: unknown): AnnouncedWallet | string {
  if (typeof detail !== 'object' || detail === null) return 'detail is not an object';
  const { info, provider } = detail as { info?: Record<string, unknown>; provider?: Eip1193Provider };
  if (!info || typeof info !== 'object') return 'info is missing';
  if (typeof info.uuid !== 'string' || !UUID_V4.test(info.uuid)) return 'info.uuid is not a UUIDv4';
  if (typeof info.name !== 'string' || info.name.trim().length === 0 || info.name.length > 100) return 'info.name must be 1–100 characters';
  if (typeof info.icon !== 'string' || !info.icon.startsWith('data:image/')) return 'info.icon must be a data:image URI (EIP-6963)';
  if (info.icon.length > 100_000) return 'info.icon is larger than 100 kB';
  if (typeof info.rdns !== 'string' || !RDNS.test(info.rdns)) return 'info.rdns is not a reverse domain name';
  if (!provider || typeof provider.request !== 'function') return 'provider has no request()';
  return Object.freeze({ uuid: info.uuid, name: info.name.trim(), icon: info.icon, rdns: info.rdns.toLowerCase(), provider });
}

/**
 * EIP-6963 discovery: listens for announcements first, then asks wallets to announce.
 * The listener stays until `stop()` (late wallets still arrive). One wallet per rdns; an
 * announcement reusing a known uuid with another provider is ignored as tampering.
 */
export function discoverEip6963(
  target: EventTarget,
  onWallet: (wallet: AnnouncedWallet) => void,
  onIgnored: (reason: string) => void = () => undefined,
): { stop(): void; request(): void } {
  const byUuid = new Map<string, AnnouncedWallet>();
  const listener = (event: Event) => {
    const parsed = parseAnnouncement((event as CustomEvent).detail);
    if (typeof parsed === 'string') return onIgnored(parsed);
    const known = byUuid.get(parsed.uuid);
    if (known) {
      if (known.provider !== parsed.provider) onIgnored(`uuid ${parsed.uuid} announced twice with different providers`);
      return;
    }
    byUuid.set(parsed.uuid, parsed);
    onWallet(parsed);
  };
  target.addEventListener('eip6963:announceProvider', listener);
  const request = () => target.dispatchEvent(new Event('eip6963:requestProvider'));
  request();
  return { stop: () => target.removeEventListener('eip6963:announceProvider', listener), request };
}
