import * as z from 'zod/mini';
import { accountTypeSchema, namespaceId } from '../manifest/contributionSchemas';
import { isCaipNetworkId } from '../caip/caip';
import type { Logger } from '../logger/createLogger';
import type { StoragePort } from '../storage/StoragePort';
import { DISCONNECTED, type ConnectionState, type NamespaceConnection } from './connectionState';
import type { SettledConnection } from './connectAttempts';

/** Current version of the persisted connection record. */
export const CONNECTION_SCHEMA_VERSION = 2;

const recentWallet = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  rdns: z.optional(z.string().check(z.maxLength(200))),
});

const v2 = z.strictObject({
  v: z.literal(2),
  namespaces: z.record(
    namespaceId,
    z.strictObject({
      status: z.enum(['connecting', 'connected', 'disconnected']),
      connectorId: z.optional(z.string().check(z.maxLength(200))),
      network: z.optional(z.string().check(z.refine(isCaipNetworkId, 'Must be a CAIP-2 network id'))),
    }),
  ),
  activeNamespace: z.optional(namespaceId),
  preferredAccountTypes: z.record(namespaceId, accountTypeSchema),
  recentWallets: z.array(recentWallet).check(z.maxLength(2)),
});

/** The legacy record: one status for all, connected namespaces as a comma list. */
const v1 = z.object({
  v: z.literal(1),
  connectionStatus: z.enum(['connecting', 'connected', 'disconnected']),
  connectedNamespaces: z.string(),
  preferredAccountTypes: z.optional(z.record(namespaceId, accountTypeSchema)),
});

/** What is kept across page loads. Accounts are not: they are re-read from the wallet. */
export type PersistedConnection = z.infer<typeof v2>;

/** The empty record. */
export const EMPTY_PERSISTED: PersistedConnection = {
  v: 2,
  namespaces: {},
  preferredAccountTypes: {},
  recentWallets: [],
};

function migrate(raw: unknown): PersistedConnection | undefined {
  const current = v2.safeParse(raw);
  if (current.success) return current.data;
  const legacy = v1.safeParse(raw);
  if (!legacy.success) return undefined;
  const namespaces: PersistedConnection['namespaces'] = {};
  for (const ns of legacy.data.connectedNamespaces.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (namespaceId.safeParse(ns).success) namespaces[ns] = { status: legacy.data.connectionStatus };
  }
  return { ...EMPTY_PERSISTED, namespaces, preferredAccountTypes: legacy.data.preferredAccountTypes ?? {} };
}

/** Parses a stored record (migrating v1); undefined for corrupt JSON or a foreign shape. */
export function parsePersistedConnection(text: string): PersistedConnection | undefined {
  try {
    return migrate(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Reads the record into the state a page load starts from: namespaces left connected are
 * `connecting` until restored. Corrupt JSON, a foreign shape or an unknown version is discarded
 * (and removed) with a warning, never thrown; the v1 shape is migrated.
 */
export function loadConnectionState(storage: StoragePort, key: string, logger: Logger): ConnectionState {
  const text = storage.get(key);
  let saved = text === null ? EMPTY_PERSISTED : parsePersistedConnection(text);
  if (!saved) {
    logger.warn(`Discarded unreadable connection data under "${key}"`);
    storage.remove(key);
    saved = EMPTY_PERSISTED;
  }
  const namespaces: Record<string, NamespaceConnection> = {};
  for (const [ns, entry] of Object.entries(saved.namespaces)) {
    if (entry.status === 'connected') namespaces[ns] = { ...DISCONNECTED, status: 'connecting', network: entry.network, connectorId: entry.connectorId };
  }
  return { namespaces, activeNamespace: saved.activeNamespace, preferredAccountTypes: saved.preferredAccountTypes, recentWallets: saved.recentWallets };
}

/**
 * The record to store for `state`. An attempt in progress (`pending`) is not stored but what the
 * namespace was before it, so a reload meanwhile restores that; a namespace still `restoring`
 * after a reload stays connected, or the next load would forget it.
 */
export function toPersistedConnection(
  state: ConnectionState,
  pending: ReadonlyMap<string, { readonly previous: SettledConnection }>,
  restoring: ReadonlyMap<string, unknown>,
): PersistedConnection {
  // Fields left undefined are left out of the stored JSON.
  return {
    v: 2,
    namespaces: Object.fromEntries(
      Object.entries(state.namespaces).map(([ns, c]) => {
        const { status, connectorId } = pending.get(ns)?.previous ?? c;
        return [ns, { status: restoring.has(ns) && status === 'connecting' ? 'connected' : status, connectorId: connectorId || undefined, network: c.network || undefined }];
      }),
    ),
    preferredAccountTypes: state.preferredAccountTypes,
    recentWallets: [...state.recentWallets],
    activeNamespace: state.activeNamespace || undefined,
  };
}
