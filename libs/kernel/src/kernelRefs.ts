import { createServiceRef } from './di/createServiceRef';
import type { AlertCenter } from './alerts/AlertCenter';
import type { Network } from './chain/networkSchema';
import type { ConnectionStore, NamespaceDirectory } from './connection/ConnectionStore';
import type { ConnectorRegistry } from './connectors/ConnectorRegistry';
import type { ContributionRegistry } from './contributions/ContributionRegistry';
import type { EventBus } from './events/createEventBus';
import type { FeatureFlags } from './flags/FeatureFlags';
import type { HttpClient } from './http/createHttpClient';
import type { Logger } from './logger/createLogger';
import type { Router } from './router/Router';
import type { RequestGate } from './rpc/RequestGate';
import type { RpcPolicyEngine } from './rpc/RpcPolicyEngine';
import type { StoragePort } from './storage/StoragePort';

/** Plain settings the kernel's services are constructed with. */
export interface KernelSettings {
  readonly storageKey: string;
  /** The app's networks, every namespace (chain plugins filter theirs). */
  readonly networks: readonly Network[];
  readonly notAllowedDelayMs: number;
  /** How long a restored session may take to reconnect before it is dropped. */
  readonly reconnectTimeoutMs: number;
  /** The host's project id, when it gave one. */
  readonly projectId?: string | undefined;
}

/**
 * The kernel's services, the one table of their ids: `ctx.services.get(kernelRefs.router)`
 * in a plugin, `@inject(kernelRefs.router.id)` in a kernel class. Ids are plain strings, so
 * they survive minification.
 */
export const kernelRefs = {
  events: createServiceRef<EventBus>('kernel/events'),
  flags: createServiceRef<FeatureFlags>('kernel/flags'),
  contributions: createServiceRef<ContributionRegistry>('kernel/contributions'),
  router: createServiceRef<Router>('kernel/router'),
  connectors: createServiceRef<ConnectorRegistry>('kernel/connectors'),
  alerts: createServiceRef<AlertCenter>('kernel/alerts'),
  connection: createServiceRef<ConnectionStore>('kernel/connection'),
  rpcPolicy: createServiceRef<RpcPolicyEngine>('kernel/rpc-policy'),
  requestGate: createServiceRef<RequestGate>('kernel/request-gate'),
  http: createServiceRef<HttpClient>('kernel/http'),
  logger: createServiceRef<Logger>('kernel/logger'),
  storage: createServiceRef<StoragePort>('kernel/storage'),
  settings: createServiceRef<KernelSettings>('kernel/settings'),
  namespaces: createServiceRef<NamespaceDirectory>('kernel/namespaces'),
} as const;
