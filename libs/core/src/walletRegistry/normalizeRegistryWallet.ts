import { checkImageUrl, checkLink } from '@portico/kernel';
import { CAIP_NAMESPACE, isCaipNetworkId } from '@portico/kernel/caip';
import type { RawRegistryWallet } from './registryWalletSchema';

/** Checked links of a registry wallet; a link that failed its check is absent. */
export interface RegistryWalletLinks {
  /** Deep link for phones: an https universal link or an app scheme (`wallet://`). */
  mobile?: string;
  /** Deep link of a desktop app (app scheme or https). */
  desktop?: string;
  /** The wallet's web app (https). */
  web?: string;
  /** https link the wallet uses for link mode, when it supports it. */
  linkMode?: string;
  homepage?: string;
  appStore?: string;
  playStore?: string;
  chromeStore?: string;
}

/** A wallet from the registry, validated and in Portico's camelCase shape. */
export interface RegistryWallet {
  id: string;
  name: string;
  /** Safe for `<img src>`: https, data:image, or the registry's own image endpoint. */
  imageUrl?: string;
  /** The registry's image id, when it has one. */
  imageId?: string;
  /** Reverse-DNS id the wallet announces itself with when injected (EIP-6963 style). */
  rdns?: string;
  /** Namespaces it supports, from `chains` and `injected[].namespace`, sorted. */
  namespaces: string[];
  /** CAIP-2 chain ids it lists (invalid ones are left out). */
  chains: string[];
  links: RegistryWalletLinks;
  order?: number;
  supportsWc?: boolean;
}

/** Context of `normalizeRegistryWallet`. */
export interface NormalizeContext {
  /** URL of the registry's image endpoint for an image id (already carrying the project id). */
  imageEndpoint(imageId: string): string;
  /** Whether http image URLs on loopback are acceptable (the registry is local). */
  allowLoopbackHttp: boolean;
  /** Reports a field that was left out, e.g. a `javascript:` link. */
  report(reason: string): void;
}

const IMAGE_ID = /^[-_a-zA-Z0-9]{1,128}$/;
const RDNS = /^[a-zA-Z0-9][-a-zA-Z0-9]*(\.[-a-zA-Z0-9]+)+$/;

const LINK_FIELDS = [
  ['mobile_link', 'mobile', 'app'],
  ['desktop_link', 'desktop', 'app'],
  ['webapp_link', 'web', 'web'],
  ['link_mode', 'linkMode', 'web'],
  ['homepage', 'homepage', 'web'],
  ['app_store', 'appStore', 'web'],
  ['play_store', 'playStore', 'web'],
  ['chrome_store', 'chromeStore', 'web'],
] as const;

/** Turns a schema-valid entry into a `RegistryWallet`, leaving out (and reporting) unsafe fields. */
export function normalizeRegistryWallet(raw: RawRegistryWallet, context: NormalizeContext): RegistryWallet {
  const note = (field: string, reason: string) => context.report(`wallet ${raw.id}: ${field} ignored, it ${reason}`);

  const links: RegistryWalletLinks = {};
  for (const [field, key, kind] of LINK_FIELDS) {
    const value = raw[field]?.trim();
    if (!value) continue;
    const checked = checkLink(value, kind);
    if (checked.ok) links[key] = checked.url;
    else note(field, checked.reason);
  }

  let imageUrl: string | undefined;
  const imageId = raw.image_id?.trim() || undefined;
  if (imageId !== undefined && !IMAGE_ID.test(imageId)) note('image_id', 'is not a plain id');
  else if (imageId !== undefined) imageUrl = context.imageEndpoint(imageId);
  const rawImageUrl = raw.image_url?.trim();
  if (imageUrl === undefined && rawImageUrl) {
    const checked = checkImageUrl(rawImageUrl, context.allowLoopbackHttp);
    if (checked.ok) imageUrl = checked.url;
    else note('image_url', checked.reason);
  }

  const chains: string[] = [];
  for (const chain of raw.chains ?? []) {
    if (isCaipNetworkId(chain)) chains.push(chain);
    else note('chain', `is not a CAIP-2 id (${JSON.stringify(String(chain).slice(0, 40))})`);
  }
  const namespaces = new Set(chains.map((c) => c.split(':')[0]!));
  for (const entry of raw.injected ?? []) {
    if (entry.namespace && CAIP_NAMESPACE.test(entry.namespace)) namespaces.add(entry.namespace);
  }

  const rdns = raw.rdns?.trim();
  if (rdns && !RDNS.test(rdns)) note('rdns', 'is not a reverse-DNS name');

  return {
    id: raw.id,
    name: raw.name.trim(),
    ...(imageUrl !== undefined ? { imageUrl } : {}),
    ...(imageId !== undefined && IMAGE_ID.test(imageId) ? { imageId } : {}),
    ...(rdns && RDNS.test(rdns) ? { rdns } : {}),
    namespaces: [...namespaces].sort(),
    chains: [...new Set(chains)],
    links,
    ...(typeof raw.order === 'number' ? { order: raw.order } : {}),
    ...(typeof raw.supports_wc === 'boolean' ? { supportsWc: raw.supports_wc } : {}),
  };
}
