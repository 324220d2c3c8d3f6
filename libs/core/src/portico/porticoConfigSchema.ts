import { CONTRIBUTION_POINTS, networkSchema, type Network, type PluginDefinition, type StoragePort } from '@portico/kernel';
import { isCaipNetworkId } from '@portico/kernel/caip';
import { themeVariablesToStyle, type ThemeVariables } from '../theme/themeTokens';
import * as z from 'zod/mini';
import type { AnalyticsEvent } from '../analytics/AnalyticsEvent';

const caipNetworkId = z.string().check(z.refine(isCaipNetworkId, 'Must be a CAIP-2 network id such as "eip155:1"'));
const httpUrl = z.string().check(z.refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'Must be an http(s) URL'));

const isFunction = (v: unknown) => typeof v === 'function';

/** Schema of `createPortico`'s configuration; unknown keys are rejected. */
export const porticoConfigSchema = z
  .strictObject({
    projectId: z.optional(z.string()),
    metadata: z.optional(
      z.strictObject({
        name: z.string().check(z.minLength(1), z.maxLength(80)),
        description: z.optional(z.string().check(z.maxLength(300))),
        url: z.optional(httpUrl),
        icons: z.optional(z.array(z.string())),
      }),
    ),
    networks: z.optional(z.array(networkSchema)),
    defaultNetwork: z.optional(caipNetworkId),
    // A plugin, or a function that loads one (its code then stays out of the page's first load; see `LazyPlugin`).
    plugins: z.optional(
      z.array(
        z.custom<PluginDefinition | LazyPlugin>(
          (v) => typeof v === 'function' || (typeof v === 'object' && v !== null && ('manifest' in v || (typeof (v as { load?: unknown }).load === 'function' && (v as { when?: unknown }).when === 'connected'))),
          'Expected a plugin, a function that loads one, or { load, when: "connected" }',
        ),
      ),
    ),
    features: z.optional(z.record(z.string(), z.boolean())),
    contributions: z.optional(
      z.strictObject(
        Object.fromEntries(
          CONTRIBUTION_POINTS.map((p) => [p, z.optional(z.strictObject({ order: z.optional(z.array(z.string())), disabled: z.optional(z.array(z.string())) }))]),
        ),
      ),
    ),
    themeMode: z.optional(z.enum(['light', 'dark', 'system'])),
    themeVariables: z.optional(
      z
        .custom<ThemeVariables>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'Expected an object of theme variables')
        .check(
          z.refine((v) => themeVariablesToStyle(v).rejected.length === 0, {
            message: 'Unknown keys or unsafe values (allowed: accent, fontFamily, fontSizeBase, borderRadius, zIndex as an integer, overlay; no ; { } < > \\ or url())',
          }),
        ),
    ),
    /** A language tag (`fr`, `pt-BR`, `zh-Hant-TW`), or `'auto'` to follow the browser's `navigator.languages`. English by default. */
    locale: z.optional(z.string().check(z.regex(/^(auto|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/, 'Must be a language tag such as "en" or "ar", or "auto"'))),
    cspNonce: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/=_-]{8,}$/, 'Must be the base64 nonce of your CSP'))),
    storage: z.optional(z.custom<StoragePort>((v) => typeof v === 'object' && v !== null && ['get', 'set', 'remove'].every((k) => isFunction((v as unknown as Record<string, unknown>)[k])), 'Expected a storage port with get, set and remove')),
    storageKey: z.optional(z.string()),
    excludeWalletIds: z.optional(z.array(z.string())),
    /** Registry wallets listed first (in this order), before the recommended ones. */
    featuredWalletIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200)))),
    /** When set, only these registry wallets are listed (an allow-list). */
    includeWalletIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200)))),
    /** Wallets of the host's own, listed in the custom group and reached through WalletConnect. */
    customWallets: z.optional(
      z.array(
        z.strictObject({
          id: z.string().check(z.minLength(1), z.maxLength(200)),
          name: z.string().check(z.minLength(1), z.maxLength(100)),
          imageUrl: z.optional(z.string()),
          mobileLink: z.optional(z.string()),
          desktopLink: z.optional(z.string()),
          webappLink: z.optional(z.string()),
          /** App Store and Google Play pages: a phone without the app is sent there. */
          appStore: z.optional(z.string()),
          playStore: z.optional(z.string()),
        }),
      ),
    ),
    /** Root of the wallet registry (the WalletConnect explorer API's shape); default the public one. */
    walletRegistryUrl: z.optional(httpUrl),
    /** The host's terms of service, linked from the Connect view's checkbox (the `legalCheckbox` flag). */
    termsConditionsUrl: z.optional(httpUrl),
    /** The host's privacy policy, linked from the same checkbox. */
    privacyPolicyUrl: z.optional(httpUrl),
    /** The sign-in plugin (`createSiwxPlugin({...})` from @portico/plugin-siwx); loaded like the others. */
    siwx: z.optional(z.custom<PluginDefinition>((v) => typeof v === 'object' && v !== null && 'manifest' in v, 'Expected the sign-in plugin made with createSiwxPlugin()')),
    /** The legacy SIWE option; not supported beyond this check: it cannot be combined with `siwx`. */
    siweConfig: z.optional(z.custom<object>((v) => typeof v === 'object' && v !== null, 'Expected an object')),
    logLevel: z.optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])),
    remoteConfig: z.optional(z.custom<() => Promise<unknown>>(isFunction, 'Expected a function')),
    /**
     * Milliseconds the Connecting view waits for the wallet before saying it is not answering and
     * offering a retry and the other wallets (the attempt stays open); default 30 000.
     */
    connectTimeoutMs: z.optional(z.number().check(z.int(), z.minimum(1000), z.maximum(600_000))),
    /**
     * Where the modal's usage events go while the `analytics` flag is on: a URL (batched POSTs of
     * `{ projectId, events }`) and / or a callback. Without one nothing is recorded or sent.
     */
    analytics: z.optional(
      z.strictObject({
        url: z.optional(httpUrl),
        onEvent: z.optional(z.custom<(event: AnalyticsEvent) => void>(isFunction, 'Expected a function')),
        /** Account addresses in the events; off by default. */
        includeAddresses: z.optional(z.boolean()),
      }),
    ),
  })
  .check(
    z.refine((c) => !(c.siwx && c.siweConfig), { message: 'Cannot set both siwx and siweConfig; choose one sign-in option', path: ['siwx'] }),
    z.refine((c) => !c.defaultNetwork || !c.networks || c.networks.some((n) => n.caipNetworkId === c.defaultNetwork), {
      message: 'Must be one of the configured networks',
      path: ['defaultNetwork'],
    }),
  );

/** The kernel's network type, re-exported for hosts. */
export type { Network };

/**
 * A plugin loaded after start: `() => import('@portico/plugin-email/plugin').then((m) => m.createEmailPlugin(…))`.
 * Its code (manifest included) is a chunk of its own, fetched when the browser is first idle
 * after `start()` or at the modal's first open, whichever comes first; its buttons, tabs and
 * views join then. Listed as `{ load, when: 'connected' }`, it is fetched only once an account is
 * connected (for what only the Account view shows: Activity, Send, Receive, Swap, Buy), so a visitor
 * who never connects fetches none of it. A load that fails is logged and tried again at the next open.
 */
export type LazyPlugin = (() => Promise<PluginDefinition>) | { readonly load: () => Promise<PluginDefinition>; readonly when: 'connected' };

/** What a host passes to `createPortico`. */
export type PorticoConfig = Omit<z.input<typeof porticoConfigSchema>, 'plugins' | 'networks' | 'siwx'> & {
  siwx?: PluginDefinition;
  /** Chain and feature plugins: definitions, or functions that load one (`LazyPlugin`). */
  plugins?: readonly (PluginDefinition | LazyPlugin)[];
  networks?: readonly Network[];
};
