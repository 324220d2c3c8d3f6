import * as z from 'zod/mini';
import { networkSchema } from './chain/networkSchema';
import { CONTRIBUTION_POINTS } from './manifest/contributionSchemas';
import type { PluginDefinition } from './manifest/definePlugin';
import type { StoragePort } from './storage/StoragePort';
import type { LogSink } from './logger/createLogger';

const isFunction = (value: unknown) => typeof value === 'function';
const fn = <T>(what: string) => z.custom<T>(isFunction, `Expected a function (${what})`);

const plugin = z.custom<PluginDefinition>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { manifest?: unknown }).manifest === 'object' &&
    (value as { manifest?: unknown }).manifest !== null &&
    ((value as { activate?: unknown }).activate === undefined || isFunction((value as { activate?: unknown }).activate)),
  'Expected a plugin made with definePlugin({ manifest, activate, views })',
);

const storage = z.custom<StoragePort>(
  (value) =>
    typeof value === 'object' && value !== null &&
    ['get', 'set', 'remove'].every((key) => isFunction((value as unknown as Record<string, unknown>)[key])),
  'Expected a storage port with get, set and remove',
);

const pointOverrides = z.optional(
  z.strictObject({ order: z.optional(z.array(z.string())), disabled: z.optional(z.array(z.string())) }),
);

const positiveMs = z.number().check(z.positive(), z.refine(Number.isFinite, 'Must be finite'));

/** Schema of `createKernel`'s configuration; unknown keys are rejected. */
export const kernelConfigSchema = z.strictObject({
  plugins: z.optional(z.array(plugin)),
  /** Host feature flags: beat remote config and manifest defaults. */
  features: z.optional(z.record(z.string(), z.boolean())),
  /** Per contribution point: explicit order and ids to hide. */
  contributions: z.optional(z.strictObject(Object.fromEntries(CONTRIBUTION_POINTS.map((p) => [p, pointOverrides])))),
  storage: z.optional(storage),
  /** The app's networks (any namespace); chain plugins read theirs from `kernelRefs.settings`. */
  networks: z.optional(z.array(networkSchema)),
  /** The host's project id, for plugins that present it to a service (the embedded wallet's frame). */
  projectId: z.optional(z.string().check(z.maxLength(128))),
  /** Prefix of every storage key (two kernels on one page use two prefixes). */
  storageKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9:._-]{1,64}$/, 'Must be 1–64 letters, digits, ":", ".", "_" or "-"'))),
  /** Loads remote feature flags; applied when it resolves, never awaited by start(). */
  remoteConfig: z.optional(fn<() => Promise<unknown>>('remoteConfig')),
  http: z.optional(
    z.strictObject({
      // The platform's URL parser (what zod's url() runs too), without zod's URL format module in the first load.
      baseUrl: z.optional(z.string().check(z.refine((v) => URL.canParse(v), 'Must be an absolute URL'))),
      clientId: z.optional(z.string()),
      timeoutMs: z.optional(positiveMs),
      headers: z.optional(z.record(z.string(), z.string())),
      fetch: z.optional(fn<typeof fetch>('fetch')),
    }),
  ),
  logLevel: z.optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])),
  logSink: z.optional(fn<LogSink>('logSink')),
  /** A plugin whose activate() takes longer fails (default 10 s). */
  activationTimeoutMs: z.optional(positiveMs),
  /** Restored connections still reconnecting after this long are dropped (default 10 s). */
  reconnectTimeoutMs: z.optional(positiveMs),
  /** Delay before "Action not allowed" (default 300 ms, the spec's value). */
  notAllowedDelayMs: z.optional(z.number().check(z.nonnegative())),
});

/** Configuration of `createKernel`. */
export type KernelConfig = Omit<z.input<typeof kernelConfigSchema>, 'plugins'> & {
  plugins?: readonly PluginDefinition[];
};

/** Remote feature flags as a server must send them. */
export const remoteFlagsSchema = z.record(z.string().check(z.maxLength(64)), z.boolean());
