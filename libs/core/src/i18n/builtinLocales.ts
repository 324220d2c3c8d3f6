import type { LocaleLoader } from './localeLoader';

/** Locales shipped with Portico, each a separate chunk. */
export const BUILTIN_LOCALES: Readonly<Record<string, LocaleLoader>> = {
  ar: () => import('./locales/ar'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fa: () => import('./locales/fa'),
  fr: () => import('./locales/fr'),
  he: () => import('./locales/he'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  pt: () => import('./locales/pt'),
  ru: () => import('./locales/ru'),
  tr: () => import('./locales/tr'),
  'zh-CN': () => import('./locales/zh-CN'),
  'zh-TW': () => import('./locales/zh-TW'),
};

/** Chinese written in traditional characters: the script subtag, or a region that uses it. */
const TRADITIONAL_CHINESE = /^zh(-hant\b|(-[a-z]{4})?-(tw|hk|mo)\b)/i;
/** Locales written right to left. */
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb']);
/** `iw` and `ji` are the old codes of Hebrew and Yiddish that some browsers still send. */
const LEGACY: Readonly<Record<string, string>> = { iw: 'he', ji: 'yi', in: 'id' };

/**
 * The catalogue a BCP 47 tag reads, among `available` (English is always available): the exact
 * tag (case-insensitive), then Chinese by script (`zh-Hant`, `zh-TW`, `zh-HK` → `zh-TW`; `zh`,
 * `zh-Hans`, `zh-CN`, `zh-SG` → `zh-CN`), then the language alone (`pt-BR` → `pt`). Undefined
 * when none fits.
 */
export function matchLocale(tag: string, available: Iterable<string> = Object.keys(BUILTIN_LOCALES)): string | undefined {
  const ids = [...available, 'en'];
  const find = (wanted: string) => ids.find((id) => id.toLowerCase() === wanted.toLowerCase());
  const lang = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  const base = LEGACY[lang] ?? lang;
  if (!base) return undefined;
  if (base === 'zh') return find(TRADITIONAL_CHINESE.test(tag.replace(/_/g, '-')) ? 'zh-TW' : 'zh-CN') ?? find(tag) ?? find('zh');
  return find(tag.replace(/_/g, '-')) ?? find(base);
}

/** The browser's preferred languages, most preferred first (none outside a browser). */
function browserLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

/**
 * What `setLocale(requested)` switches to: the tag (`'auto'`: the first browser language a
 * catalogue fits, else `en`), its direction, the catalogue that fits and its loader (none for
 * English or when nothing fits). Loaded with the first non-English locale, never by an
 * English page.
 */
export function resolveLocale(requested: string, custom?: Readonly<Record<string, LocaleLoader>>) {
  const loaders = custom ?? BUILTIN_LOCALES;
  const ids = Object.keys(loaders);
  const next = requested === 'auto' ? (browserLanguages().find((tag) => matchLocale(tag, ids) !== undefined) ?? 'en') : requested;
  const lang = next.toLowerCase().split(/[-_]/)[0] ?? next;
  const match = matchLocale(next, ids);
  return { next, match, dir: RTL.has(LEGACY[lang] ?? lang) ? ('rtl' as const) : ('ltr' as const), loader: match === undefined || match === 'en' ? undefined : loaders[match] };
}
