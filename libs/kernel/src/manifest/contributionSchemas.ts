import * as z from 'zod/mini';
import { ACCOUNT_TYPE_PATTERN, CONNECTOR_GROUPS, CONNECTOR_TYPES } from '../taxonomy/connectors';
import { CAIP_NAMESPACE } from '../caip/caip';
import { networkSchema } from '../chain/networkSchema';

/** Ids of contributions, views and flags: letters, digits, `.`, `_`, `-`; 1–64 chars. */
export const contributionId = z.string().check(
  z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'Must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit'),
);

/** A CAIP-2 namespace such as the ones chain plugins provide. */
export const namespaceId = z.string().check(z.regex(CAIP_NAMESPACE, 'Must be a CAIP-2 namespace (3–8 of a-z, 0-9, -)'));

const label = z.string().check(z.minLength(1), z.maxLength(80));
const order = z.optional(z.number().check(z.refine(Number.isFinite, 'Must be a finite number')));
const namespaces = z.optional(z.array(namespaceId));
/** An icon: a `data:image/…` or `https:` URL, or an icon-set name. */
const icon = z.optional(
  z.string().check(z.regex(/^(data:image\/[a-z0-9.+-]+[;,]|https:\/\/|[a-z][a-z0-9-]*$)/, 'Must be a data:image URL, an https: URL or an icon name')),
);
/** An RPC method name, optionally ending in `*` to match a prefix. */
const methodPattern = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_:./-]*\*?$/, 'Must be an RPC method name, optionally ending in *'));

/** The roles a view can have (see `viewContribution.role`). */
export const VIEW_ROLES = ['home', 'approval', 'account', 'connecting'] as const;

/** One of `VIEW_ROLES`. */
export type ViewRole = (typeof VIEW_ROLES)[number];

/** A view the plugin implements (loaded lazily through `definePlugin({ views })`). */
export const viewContribution = z.strictObject({
  id: contributionId,
  title: label,
  /** False: the shell hides its close button (a router guard can still block closing). */
  closable: z.optional(z.boolean()),
  /**
   * True: once the modal has opened, its chunk loads while the browser is idle, so the first
   * visit renders at once. Only while its plugin is active (a prefetch never activates one),
   * and never before the first open.
   */
  prefetch: z.optional(z.boolean()),
  /**
   * A role the kernel routes to: `home` (where the modal opens and returns on reset and close),
   * `account` (where it opens instead while a namespace is connected), `approval` (where the
   * request gate asks the user to approve an RPC request) or `connecting` (what a connect
   * attempt shows unless its connector names a view of its own). The first enabled plugin's
   * view with a role has it.
   */
  role: z.optional(z.enum(VIEW_ROLES)),
});

/** The contribution points whose entries can be a connect method's choices (`connectMethodContribution.options`). */
export const CONNECT_OPTION_POINTS = ['socialProviders'] as const;

/**
 * A way to connect shown on the Connect view. The kernel's own, `wallet`, lists the wallets;
 * every other method is a row (its `label` and `icon`) that opens its `view`, or, with
 * `options`, the entries of that contribution point as its choices: the first as a row
 * ("Continue with …"), the rest as icons, each opening `view` with `{ option: <entry id> }`
 * (a method whose point has no entries is not shown).
 */
export const connectMethodContribution = z.strictObject({
  id: contributionId,
  label,
  view: z.optional(contributionId),
  icon,
  options: z.optional(z.enum(CONNECT_OPTION_POINTS)),
  order,
});

/** A source of wallet connectors, placed in one of the platform's connector groups. */
export const connectorGroupContribution = z.strictObject({
  id: contributionId,
  group: z.enum(CONNECTOR_GROUPS),
  connectorType: z.enum(CONNECTOR_TYPES),
  namespaces,
  order,
});

/**
 * A wallet-feature button on the Account view (buy, trade, transfer, …); with `connectorTypes`,
 * only while the namespace's wallet is of one of those types (the e-mail wallet's settings: AUTH).
 */
export const walletButtonContribution = z.strictObject({
  id: contributionId,
  label,
  view: contributionId,
  icon,
  namespaces,
  connectorTypes: z.optional(z.array(z.enum(CONNECTOR_TYPES)).check(z.minLength(1))),
  order,
});

/** A tab of the Account view (Tokens, NFTs, Activity, …). */
export const accountTabContribution = z.strictObject({
  id: contributionId,
  label,
  view: contributionId,
  namespaces,
  order,
});

/** A field name inside a request's params object. */
const paramField = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Must be a field name (letters, digits, _)'));
/** Which positional param holds the value (default 0). */
const paramIndex = z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(9)));

/**
 * How the approval view reads a confirm method's params, so a person sees what they approve
 * (the modal decodes untrusted params with these rules; anything else is shown raw):
 * - `transfer`: an object param with a recipient, an amount in the network's smallest unit,
 *   optionally the chain reference (the network is then `<namespace>:<chainId>`, else the
 *   connected one) and call data (its 4-byte selector is shown);
 * - `message`: a text to sign, as a string param or a field of an object param, encoded as
 *   `hexOrText` (hex shown as text when printable), `base58` or `text`;
 * - `typedData`: EIP-712 typed data (a JSON string or object param), shown as labelled fields;
 * - `calls`: a batch (EIP-5792): an object param whose `calls` field lists calls, each read like
 *   a `transfer` (`to`, `amount`, `data`), the network from `chainId` when given;
 * - `permissions`: an ERC-7715 permission request (an object param with `permissions` and
 *   `expiry`): each permission's type, contract, functions and limits, and the expiry.
 */
export const approvalReader = z.discriminatedUnion('as', [
  z.strictObject({ as: z.literal('transfer'), param: paramIndex, to: paramField, amount: paramField, chainId: z.optional(paramField), data: z.optional(z.array(paramField)) }),
  z.strictObject({ as: z.literal('message'), param: paramIndex, field: z.optional(paramField), encoding: z.enum(['hexOrText', 'base58', 'text']) }),
  z.strictObject({ as: z.literal('typedData') }),
  z.strictObject({ as: z.literal('calls'), param: paramIndex, calls: paramField, to: paramField, amount: paramField, chainId: z.optional(paramField), data: z.optional(z.array(paramField)) }),
  z.strictObject({ as: z.literal('permissions'), param: paramIndex }),
]);

/** One of the `approvalReader` rules. */
export type ApprovalReader = z.infer<typeof approvalReader>;

/** How a namespace's RPC methods are treated: safe (no prompt), confirm, reject. */
export const rpcPolicyContribution = z
  .strictObject({
    id: contributionId,
    namespace: namespaceId,
    safe: z.optional(z.array(methodPattern)),
    confirm: z.optional(z.array(methodPattern)),
    reject: z.optional(z.array(methodPattern)),
    /** How the approval view reads confirm methods (by exact method name). */
    read: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_:./-]*$/, 'Must be an RPC method name')), approvalReader)),
  })
  .check(
    z.refine((p) => Object.keys(p.read ?? {}).every((method) => (p.confirm ?? []).some((c) => (c.endsWith('*') ? method.startsWith(c.slice(0, -1)) : c === method))), {
      message: 'read names a method this policy does not confirm',
      path: ['read'],
    }),
  );

/** A social login provider. */
export const socialProviderContribution = z.strictObject({
  id: contributionId,
  label,
  icon,
  order,
});

/** An alert the modal can raise by id. */
export const alertContribution = z.strictObject({
  id: contributionId,
  title: label,
  message: z.string().check(z.minLength(1), z.maxLength(500)),
  severity: z.enum(['info', 'warning', 'error']),
});

/** Every contribution point and its schema. */
export const contributionSchemas = {
  views: viewContribution,
  connectMethods: connectMethodContribution,
  connectorGroups: connectorGroupContribution,
  walletButtons: walletButtonContribution,
  accountTabs: accountTabContribution,
  rpcPolicies: rpcPolicyContribution,
  socialProviders: socialProviderContribution,
  alerts: alertContribution,
} as const;

/** Name of a contribution point. */
export type ContributionPoint = keyof typeof contributionSchemas;

/** The contribution type of a point. */
export type ContributionOf<P extends ContributionPoint> = z.infer<(typeof contributionSchemas)[P]>;

/** Names of all points, in a stable order. */
export const CONTRIBUTION_POINTS = Object.keys(contributionSchemas) as ContributionPoint[];

/** An account type word (`eoa`, `payment`, …). */
export const accountTypeSchema = z.string().check(z.regex(ACCOUNT_TYPE_PATTERN, 'Must be a letter then letters or digits, up to 32'));

/**
 * A chain namespace a plugin provides: its display name, the account types its accounts can
 * have (default: just `defaultAccountType`) and the one selected unless the user picks another.
 */
export const namespaceDeclaration = z
  .strictObject({
    id: namespaceId,
    name: label,
    accountTypes: z.optional(z.array(accountTypeSchema).check(z.minLength(1))),
    defaultAccountType: accountTypeSchema,
    /** The namespace's well-known networks: the app's networks of it when the host lists none. */
    networks: z.optional(z.array(networkSchema).check(z.minLength(1), z.maxLength(50))),
  })
  .check(
    z.refine((ns) => !ns.accountTypes || ns.accountTypes.includes(ns.defaultAccountType), {
      message: 'defaultAccountType must be one of accountTypes',
      path: ['defaultAccountType'],
    }),
    z.refine((ns) => (ns.networks ?? []).every((n) => n.caipNetworkId.startsWith(`${ns.id}:`)), {
      message: "every network must be on the namespace (its caipNetworkId starts with '<id>:')",
      path: ['networks'],
    }),
  );
