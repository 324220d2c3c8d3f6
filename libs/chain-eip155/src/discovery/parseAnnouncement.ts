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
  /**
   * The announced icon when it is a `data:image/…` URI (EIP-6963: it MUST be a data URI);
   * undefined for any other icon, which is never loaded (the UI shows the name's initial).
   */
  readonly icon: string | undefined;
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

/**
 * The icon to keep, or why there is none. EIP-6963 requires a data URI, so an `https:` icon (a
 * request to a third party every time the list is drawn: a tracking pixel) is never kept; the
 * image types are the kernel's (`checkImageUrl`: png, jpeg, gif, webp, avif, svg+xml).
 */
function checkIcon(icon: unknown): ReturnType<typeof checkImageUrl> {
  if (typeof icon !== 'string') return { ok: false, reason: 'is not a string' };
  if (icon.length > MAX_ICON) return { ok: false, reason: 'is larger than 100 kB' };
  if (!/^data:/i.test(icon)) {
    const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(icon)?.[1]?.toLowerCase();
    return { ok: false, reason: `is not a data: URI (${scheme ? `it uses the ${scheme} scheme` : 'it has no scheme'})` };
  }
  return checkImageUrl(icon, false);
}

/** The checked wallet, and why its icon was dropped (if it was). */
function check(reading: AnnouncementReading): { wallet: AnnouncedWallet; iconDropped?: string } {
  const { uuid, name, icon, rdns, source, request, on, removeListener, linkedWallets } = reading;
  if (typeof uuid !== 'string' || !UUID_V4.test(uuid)) throw new Ignored('info.uuid is not a UUIDv4');
  if (typeof name !== 'string') throw new Ignored('info.name is not a string');
  const shownName = name.trim();
  if (shownName.length === 0 || shownName.length > MAX_NAME) throw new Ignored(`info.name must be 1–${MAX_NAME} characters`);
  if (hasHiddenCharacters(shownName)) throw new Ignored('info.name contains control or bidi characters');
  if (typeof rdns !== 'string') throw new Ignored('info.rdns is not a string');
  if (rdns.length > MAX_RDNS) throw new Ignored(`info.rdns is longer than ${MAX_RDNS} characters`);
  if (!RDNS.test(rdns)) throw new Ignored('info.rdns is not a reverse domain name');
  if (typeof request !== 'function') throw new Ignored('provider has no request()');
  const image = checkIcon(icon);

  // The wallet's own methods, called on the wallet as it expects; always a promise, even when
  // the wallet throws synchronously.
  const call = (method: unknown, args: unknown[]) => Reflect.apply(method as (...a: unknown[]) => unknown, source, args);
  const provider: Eip1193Provider = Object.freeze({
    request: async (args: { method: string; params?: readonly unknown[] | object }) => call(request, [args]),
    ...(typeof on === 'function' ? { on: (event: string, listener: (...args: never[]) => void) => call(on, [event, listener]) } : {}),
    ...(typeof removeListener === 'function' ? { removeListener: (event: string, listener: (...args: never[]) => void) => call(removeListener, [event, listener]) } : {}),
  });
  const wallet: AnnouncedWallet = Object.freeze({ uuid: uuid.toLowerCase(), name: shownName, icon: image.ok ? image.url : undefined, rdns: rdns.toLowerCase(), provider, source, linkedWallets });
  if (image.ok) return { wallet };
  const iconDropped = `EIP-6963 wallet ${JSON.stringify(shownName)} (${wallet.rdns}) is listed without its icon: info.icon ${image.reason}; EIP-6963 requires a data:image URI, and no other icon is loaded`;
  return { wallet, iconDropped };
}

/**
 * Checks an announcement read by `readAnnouncement` (see `parseAnnouncement`); a string says why
 * it is ignored. An icon that is dropped is reported to `onWarning`. Never throws.
 */
export function checkAnnouncement(reading: AnnouncementReading, onWarning: (message: string) => void = () => undefined): AnnouncedWallet | string {
  let checked: ReturnType<typeof check>;
  try {
    checked = check(reading);
  } catch (error) {
    return error instanceof Ignored ? error.reason : 'the announcement could not be read';
  }
  if (checked.iconDropped !== undefined) {
    try {
      onWarning(checked.iconDropped);
    } catch {
      // A failing reporter must not cost the wallet its listing.
    }
  }
  return checked.wallet;
}

/**
 * Validates an EIP-6963 announcement: reads each field of `info` and `provider` exactly once,
 * checks those copies (UUIDv4, a 1–100 character name without control or bidi characters, an
 * rdns of up to 100 characters) and returns a frozen snapshot, or why it was ignored. The icon
 * is kept only as a `data:image/…` URI of up to 100 kB; any other icon (`https:`, `javascript:`,
 * `data:text/html`…) leaves the wallet listed without one, and `onWarning` says so, naming the
 * wallet. Never throws, whatever the page put in `detail`.
 */
export function parseAnnouncement(detail: unknown, onWarning?: (message: string) => void): AnnouncedWallet | string {
  const reading = readAnnouncement(detail);
  return typeof reading === 'string' ? reading : checkAnnouncement(reading, onWarning);
}
