import { createServiceRef, type Loader } from '@portico/kernel';

/** Id of the Onramp plugin, for `requires` / `optional` in other manifests. */
export const ONRAMP_PLUGIN_ID = 'onramp';

/**
 * Time zones of mainland China, Hong Kong and Macau (with their legacy aliases), where the
 * onramp is not offered (spec §9): the Buy button is not there.
 */
export const ONRAMP_RESTRICTED_TIME_ZONES: readonly string[] = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Kashgar', 'PRC', 'Asia/Hong_Kong', 'Hongkong', 'Asia/Macau', 'Asia/Macao'];

/** The onramp providers Portico builds widget URLs for (spec §9). */
export type OnrampProviderId = 'coinbase' | 'meld';

/** Coinbase Onramp: a session token from the host's backend, then the hosted widget. */
export interface CoinbaseOnrampConfig {
  /**
   * The host's endpoint that creates a Coinbase Onramp session token with its CDP key:
   * `POST { addresses: [{ address, blockchains }], assets }` → `{ token }` (the shape of
   * Coinbase's own `POST /onramp/v1/token`, which the endpoint calls).
   */
  readonly sessionTokenUrl: string;
  /** The widget; `https://pay.coinbase.com/buy/select-asset` by default. */
  readonly widgetUrl?: string;
  /** Its logo in the provider list (`https:` or `data:image/…`); Coinbase's mark by default. */
  readonly logoUrl?: string;
}

/** Meld: the hosted widget with the host's public key. */
export interface MeldOnrampConfig {
  readonly publicKey: string;
  /** The widget; `https://meldcrypto.com/` by default. */
  readonly widgetUrl?: string;
  /** Its logo in the provider list (`https:` or `data:image/…`); its initial without one. */
  readonly logoUrl?: string;
}

/** The Onramp plugin's settings, as its view reads them. */
export interface OnrampSettings {
  readonly coinbase: CoinbaseOnrampConfig | undefined;
  readonly meld: MeldOnrampConfig | undefined;
  /**
   * The host's quote endpoint (Portico's own API; `apps/onramp-server` is the reference, asking
   * Coinbase's and Meld's quote APIs with the host's keys): `GET ?amount&currency&asset&network&address&coinbaseAsset&coinbaseNetwork&meldCode`
   * → `{ quotes: [{ provider: 'coinbase' | 'meld', cryptoAmount, fee }] }`. Without it the list
   * shows the providers' fee range (1–2 %) instead of quotes.
   */
  readonly quoteUrl: string | undefined;
  /** Fiat currencies offered (ISO 4217). */
  readonly currencies: readonly string[];
  /** Where a provider sends the user back after the purchase. */
  readonly redirectUrl: string | undefined;
  /** How often the balance is read while a purchase is in progress, in ms. */
  readonly pollMs: number;
  /** The host's names for networks Portico does not know (CAIP-2 id → the providers' names). */
  readonly networks: Readonly<Record<string, { readonly coinbaseNetwork: string; readonly coinbaseAsset: string; readonly meldCode: string }>>;
  /** The visitor's time zone, when the host sets it (else the browser's). */
  readonly timeZone: string | undefined;
}

/**
 * Where the Onramp plugin registers its settings: loaded (the host's options checked) with the
 * Buy view, or when the browser is first idle; a load rejects with what is wrong in them.
 */
export const onrampSettingsRef = createServiceRef<Loader<OnrampSettings>>('onramp/settings');

/** Whether the onramp is restricted in a time zone (default: the browser's). */
export function isRestrictedTimeZone(timeZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone): boolean {
  return timeZone !== undefined && ONRAMP_RESTRICTED_TIME_ZONES.includes(timeZone);
}
