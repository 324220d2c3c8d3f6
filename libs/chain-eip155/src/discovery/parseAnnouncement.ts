import { checkImageUrl } from '@portico/kernel';
import type { Eip1193Provider } from './Eip1193Provider';
import { Ignored, readAnnouncement, type AnnouncementReading } from './readAnnouncement';

/**
 * A wallet announced through EIP-6963: a validated, frozen snapshot. `name` and `icon` are
 * still untrusted (any page script can copy them); `rdns` is self-asserted.
 */
export interface AnnouncedWallet {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
  /** The provider's methods as read once at the announcement, bound to it (frozen). */
  readonly provider: Eip1193Provider;
  /**
   * The announced provider object itself, kept as an identity only (re-announcements, rdns
   * conflicts, multi-chain links); Portico calls `provider`, never this.
   */
  readonly source: object;
  /**
   * The objects the provider names as its own halves in other discovery protocols (its
   * `linkedWallets` property, e.g. its Wallet Standard wallet): evidence for one multi-chain entry.
   */
  readonly linkedWallets: readonly object[];
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const RDNS = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
/** Caps: names are shown in a list row; real reverse domains are far shorter than 100. */
const MAX_NAME = 100;
const MAX_RDNS = 100;
const MAX_ICON = 100_000;

/** C0/C1 controls and the bidi embeddings, overrides and isolates that reorder a shown name. */
function hasHiddenCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
  }
  return false;
}

function check(reading: AnnouncementReading): AnnouncedWallet {
  const { uuid, name, icon, rdns, source, request, on, removeListener, linkedWallets } = reading;
  if (typeof uuid !== 'string' || !UUID_V4.test(uuid)) throw new Ignored('info.uuid is not a UUIDv4');
  if (typeof name !== 'string') throw new Ignored('info.name is not a string');
  const shownName = name.trim();
  if (shownName.length === 0 || shownName.length > MAX_NAME) throw new Ignored(`info.name must be 1–${MAX_NAME} characters`);
  if (hasHiddenCharacters(shownName)) throw new Ignored('info.name contains control or bidi characters');
  if (typeof icon !== 'string') throw new Ignored('info.icon is not a string');
  if (icon.length > MAX_ICON) throw new Ignored('info.icon is larger than 100 kB');
  const image = checkImageUrl(icon, false);
  if (!image.ok) throw new Ignored(`info.icon must be a data:image URI or an https URL: it ${image.reason}`);
  if (typeof rdns !== 'string') throw new Ignored('info.rdns is not a string');
  if (rdns.length > MAX_RDNS) throw new Ignored(`info.rdns is longer than ${MAX_RDNS} characters`);
  if (!RDNS.test(rdns)) throw new Ignored('info.rdns is not a reverse domain name');
  if (typeof request !== 'function') throw new Ignored('provider has no request()');

  // The wallet's own methods, called on the wallet as it expects; always a promise, even when
  // the wallet throws synchronously.
  const call = (method: unknown, args: unknown[]) => Reflect.apply(method as (...a: unknown[]) => unknown, source, args);
  const provider: Eip1193Provider = Object.freeze({
    request: async (args: { method: string; params?: readonly unknown[] | object }) => call(request, [args]),
    ...(typeof on === 'function' ? { on: (event: string, listener: (...args: never[]) => void) => call(on, [event, listener]) } : {}),
    ...(typeof removeListener === 'function' ? { removeListener: (event: string, listener: (...args: never[]) => void) => call(removeListener, [event, listener]) } : {}),
  });
  return Object.freeze({ uuid: uuid.toLowerCase(), name: shownName, icon: image.url, rdns: rdns.toLowerCase(), provider, source, linkedWallets });
}


/** Checks an announcement read by `readAnnouncement` (see `parseAnnouncement`); a string says why it is ignored. Never throws. */
export function checkAnnouncement(reading: AnnouncementReading): AnnouncedWallet | string {
  try {
    return check(reading);
  } catch (error) {
    return error instanceof Ignored ? error.reason : 'the announcement could not be read';
  }
}

/**
 * Validates an EIP-6963 announcement: reads each field of `info` and `provider` exactly once,
 * checks those copies (UUIDv4, a 1–100 character name without control or bidi characters, a
 * `data:image/…` or `https:` icon up to 100 kB, an rdns of up to 100 characters) and returns a
 * frozen snapshot, or why it was ignored. Never throws, whatever the page put in `detail`.
 */
export function parseAnnouncement(detail: unknown): AnnouncedWallet | string {
  const reading = readAnnouncement(detail);
  return typeof reading === 'string' ? reading : checkAnnouncement(reading);
}
