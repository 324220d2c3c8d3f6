/**
 * The first half of taking an EIP-6963 announcement: reading it, each field exactly once, when it
 * arrives (a getter that answers differently later, or a provider whose methods are swapped after
 * the announcement, never reaches the registry). Small, so it is part of the page's first load;
 * checking what was read (`checkAnnouncement`) loads with the wallet listing.
 */

/** An announcement's fields and its provider's methods, as read once when it arrived; not checked yet. */
export interface AnnouncementReading {
  readonly uuid: unknown;
  readonly name: unknown;
  readonly icon: unknown;
  readonly rdns: unknown;
  /** The announced provider object (an identity; its methods are the ones below). */
  readonly source: object;
  readonly request: unknown;
  readonly on: unknown;
  readonly removeListener: unknown;
  readonly linkedWallets: readonly object[];
}

const MAX_LINKED_WALLETS = 8;

const isObject = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';

/** Thrown while an announcement is read or checked, carrying the reason it is ignored. */
export class Ignored {
  constructor(readonly reason: string) {}
}

/** Reads one property exactly once; a throwing getter or Proxy trap becomes a specific reason. */
function readOnce(from: object, key: string, what: string): unknown {
  try {
    return (from as Record<string, unknown>)[key];
  } catch {
    throw new Ignored(`reading ${what} threw`);
  }
}

/**
 * The provider's `linkedWallets` (a Portico extension, absent from most providers), copied once:
 * at most 8 objects. Anything malformed, or a read that throws, is simply no links.
 */
function readLinkedWallets(source: object): readonly object[] {
  const copy: object[] = [];
  try {
    const value: unknown = (source as { linkedWallets?: unknown }).linkedWallets;
    if (Array.isArray(value)) {
      for (let i = 0; i < Math.min(value.length, MAX_LINKED_WALLETS); i++) {
        const item: unknown = value[i];
        if (isObject(item)) copy.push(item);
      }
    }
  } catch {
    return Object.freeze([]);
  }
  return Object.freeze(copy);
}

function read(detail: unknown): AnnouncementReading {
  if (!isObject(detail)) throw new Ignored('detail is not an object');
  // Every field is read once into a local; only the locals are checked and kept, so a getter
  // that answers differently on a second read never reaches the registry.
  const info = readOnce(detail, 'info', 'detail.info');
  const source = readOnce(detail, 'provider', 'detail.provider');
  if (!isObject(info)) throw new Ignored('info is missing');
  const uuid = readOnce(info, 'uuid', 'info.uuid');
  const name = readOnce(info, 'name', 'info.name');
  const icon = readOnce(info, 'icon', 'info.icon');
  const rdns = readOnce(info, 'rdns', 'info.rdns');
  if (!isObject(source)) throw new Ignored('provider is missing');
  const request = readOnce(source, 'request', 'provider.request');
  const on = readOnce(source, 'on', 'provider.on');
  const removeListener = readOnce(source, 'removeListener', 'provider.removeListener');
  const linkedWallets = readLinkedWallets(source);

  return { uuid, name, icon, rdns, source, request, on, removeListener, linkedWallets };
}

/** Reads an EIP-6963 announcement's `detail` once (see the module note); a string says why it cannot be. Never throws. */
export function readAnnouncement(detail: unknown): AnnouncementReading | string {
  try {
    return read(detail);
  } catch (error) {
    return error instanceof Ignored ? error.reason : 'the announcement could not be read';
  }
}
