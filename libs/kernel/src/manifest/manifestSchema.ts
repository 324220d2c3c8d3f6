import * as z from 'zod/mini';
import { validateStrict } from 'compare-versions';
import { satisfiesRange } from './satisfiesRange';
import { contributionId, contributionSchemas, namespaceDeclaration } from './contributionSchemas';

/** Plugin ids: lowercase words joined by `-` or `.` (`chain-acme`, `acme.ledger`). */
export const pluginId = z.string().check(
  z.regex(/^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/, 'Must be lowercase words joined by "-" or "."'),
  z.maxLength(64),
);

const semver = z.string().check(z.refine((v) => validateStrict(v), 'Must be a semantic version such as 1.2.3'));

/** `1.2.3`, `^1.2.3` or `~1.2.3`: what nearly every manifest writes, valid without parsing. */
const PLAIN_RANGE = /^[\^~]?\d+\.\d+\.\d+$/;

function isRange(value: string): boolean {
  if (PLAIN_RANGE.test(value)) return true;
  try {
    satisfiesRange('0.0.0', value);
    return value.trim().length > 0;
  } catch {
    return false;
  }
}
const semverRange = z.string().check(z.refine(isRange, 'Must be a semver range such as ^1.0.0'));

const flagId = z.string().check(z.regex(/^[a-z][A-Za-z0-9]{0,47}$/, 'Must be a camelCase flag name'));

/** A feature flag a plugin owns, with its default. */
export const flagDeclaration = z.strictObject({
  id: flagId,
  default: z.boolean(),
  description: z.optional(z.string()),
});

const eventName = z.string().check(z.regex(/^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$/, 'Must be an event name such as "account:connected"'));

/**
 * `eager`, or lazily on the first of the listed views or events, or once a connection (made, being
 * made, or being restored from the last page load) uses one of the listed connectors.
 */
export const activationSchema = z.union([
  z.literal('eager'),
  z.strictObject({
    onViews: z.optional(z.array(contributionId)),
    onEvents: z.optional(z.array(eventName)),
    onConnectors: z.optional(z.array(contributionId)),
  }),
]);

const point = <S extends z.ZodMiniType>(schema: S) => z.optional(z.array(schema));

/** The plugin manifest: data only, validated before anything of the plugin runs. */
export const manifestSchema = z.strictObject({
  id: pluginId,
  version: semver,
  /** Semver range of kernel versions the plugin works with. */
  kernel: semverRange,
  displayName: z.optional(z.string()),
  description: z.optional(z.string()),
  requires: z.optional(z.record(pluginId, semverRange)),
  optional: z.optional(z.record(pluginId, semverRange)),
  conflictsWith: z.optional(z.array(pluginId)),
  namespaces: z.optional(z.array(namespaceDeclaration)),
  featureFlag: z.optional(flagDeclaration),
  flags: z.optional(z.array(flagDeclaration)),
  activation: z.optional(activationSchema),
  contributes: z.optional(
    z.strictObject({
      views: point(contributionSchemas.views),
      connectMethods: point(contributionSchemas.connectMethods),
      connectorGroups: point(contributionSchemas.connectorGroups),
      walletButtons: point(contributionSchemas.walletButtons),
      accountTabs: point(contributionSchemas.accountTabs),
      rpcPolicies: point(contributionSchemas.rpcPolicies),
      socialProviders: point(contributionSchemas.socialProviders),
      alerts: point(contributionSchemas.alerts),
    }),
  ),
});

/** A validated manifest. */
export type Manifest = z.infer<typeof manifestSchema>;

/** A flag declaration. */
export type FlagDeclaration = z.infer<typeof flagDeclaration>;
