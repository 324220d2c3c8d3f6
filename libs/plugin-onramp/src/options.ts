import type { OnrampSettings } from './api';

/** Options of `createOnrampPlugin`. */
export interface OnrampPluginOptions {
  /** Coinbase Onramp (needs the host's session-token endpoint). */
  coinbase?: { sessionTokenUrl: string; widgetUrl?: string; logoUrl?: string };
  /** Meld (needs the host's Meld public key). */
  meld?: { publicKey: string; widgetUrl?: string; logoUrl?: string };
  /** The host's quote endpoint (see `OnrampSettings.quoteUrl`). */
  quoteUrl?: string;
  /** Fiat currencies offered; USD, EUR and GBP by default. */
  currencies?: readonly string[];
  /** Where a provider sends the user back; the page's origin by default. */
  redirectUrl?: string;
  /** Balance reads while a purchase is in progress, every 3 s by default (at least 250 ms). */
  pollMs?: number;
  /** The visitor's time zone; the browser's by default. */
  timeZone?: string;
  /**
   * The providers' names for networks Portico does not know (CAIP-2 id →
   * `{ coinbaseNetwork, coinbaseAsset, meldCode }`); Buy is offered on the known mainnets and these.
   */
  networks?: Readonly<Record<string, { coinbaseNetwork: string; coinbaseAsset: string; meldCode: string }>>;
}

const imageUrl = (value: unknown) => typeof value === 'string' && value.length <= 100_000 && (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value) || (/^https:\/\//i.test(value) && URL.canParse(value)));
const httpUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\//.test(value) && URL.canParse(value);

/** Checks the host's options and fills the defaults; throws a `TypeError` naming the field that is wrong. */
export function resolveOnrampOptions(options: OnrampPluginOptions = {}): OnrampSettings {
  const fail = (field: string, problem: string): never => {
    throw new TypeError(`createOnrampPlugin: ${field} ${problem}`);
  };
  const { coinbase, meld } = options;
  if (coinbase !== undefined) {
    if (!httpUrl(coinbase?.sessionTokenUrl)) fail('coinbase.sessionTokenUrl', 'must be an http(s) URL (the host endpoint that creates Coinbase session tokens)');
    if (coinbase.widgetUrl !== undefined && !httpUrl(coinbase.widgetUrl)) fail('coinbase.widgetUrl', 'must be an http(s) URL');
    if (coinbase.logoUrl !== undefined && !imageUrl(coinbase.logoUrl)) fail('coinbase.logoUrl', 'must be an https: or data:image/ URL');
  }
  if (meld !== undefined) {
    if (typeof meld?.publicKey !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(meld.publicKey)) fail('meld.publicKey', 'must be the Meld public key (8 to 200 printable characters)');
    if (meld.widgetUrl !== undefined && !httpUrl(meld.widgetUrl)) fail('meld.widgetUrl', 'must be an http(s) URL');
    if (meld.logoUrl !== undefined && !imageUrl(meld.logoUrl)) fail('meld.logoUrl', 'must be an https: or data:image/ URL');
  }
  if (options.quoteUrl !== undefined && !httpUrl(options.quoteUrl)) fail('quoteUrl', 'must be an http(s) URL');
  if (options.redirectUrl !== undefined && !httpUrl(options.redirectUrl)) fail('redirectUrl', 'must be an http(s) URL');
  const currencies = options.currencies ?? ['USD', 'EUR', 'GBP'];
  if (!Array.isArray(currencies) || currencies.length === 0) fail('currencies', 'must be a non-empty array');
  currencies.forEach((c, i) => (typeof c === 'string' && /^[A-Z]{3}$/.test(c)) || fail(`currencies[${i}]`, `must be an ISO 4217 code such as "USD", not ${JSON.stringify(c)}`));
  const pollMs = options.pollMs ?? 3_000;
  if (!Number.isInteger(pollMs) || pollMs < 250) fail('pollMs', `must be a whole number of ms, at least 250, not ${String(pollMs)}`);
  const networks = options.networks ?? {};
  for (const [id, names] of Object.entries(networks)) {
    if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(id)) fail('networks', `has a key that is not a CAIP-2 id: ${JSON.stringify(id)}`);
    for (const key of ['coinbaseNetwork', 'coinbaseAsset', 'meldCode'] as const) {
      if (typeof names?.[key] !== 'string' || !/^[-_A-Za-z0-9]{1,40}$/.test(names[key])) fail(`networks["${id}"].${key}`, 'must be the provider’s name for it (letters, digits, - and _)');
    }
  }
  if (options.timeZone !== undefined && typeof options.timeZone !== 'string') fail('timeZone', 'must be an IANA time zone such as "Europe/Paris"');
  return { coinbase, meld, quoteUrl: options.quoteUrl, currencies: [...currencies], redirectUrl: options.redirectUrl, pollMs, networks, timeZone: options.timeZone };
}
