import { createServiceRef } from './di/createServiceRef';
import { KERNEL_TOKENS, type KernelSettings } from './di/kernelTokens';
import type { AlertCenter } from './alerts/AlertCenter';
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

/** Typed refs of the kernel's services, for `ctx.services.get(kernelRefs.router)`. */
export const kernelRefs = {
  events: createServiceRef<EventBus>(KERNEL_TOKENS.events),
  flags: createServiceRef<FeatureFlags>(KERNEL_TOKENS.flags),
  contributions: createServiceRef<ContributionRegistry>(KERNEL_TOKENS.contributions),
  router: createServiceRef<Router>(KERNEL_TOKENS.router),
  connectors: createServiceRef<ConnectorRegistry>(KERNEL_TOKENS.connectors),
  alerts: createServiceRef<AlertCenter>(KERNEL_TOKENS.alerts),
  connection: createServiceRef<ConnectionStore>(KERNEL_TOKENS.connection),
  rpcPolicy: createServiceRef<RpcPolicyEngine>(KERNEL_TOKENS.rpcPolicy),
  requestGate: createServiceRef<RequestGate>(KERNEL_TOKENS.requestGate),
  http: createServiceRef<HttpClient>(KERNEL_TOKENS.http),
  logger: createServiceRef<Logger>(KERNEL_TOKENS.logger),
  storage: createServiceRef<StoragePort>(KERNEL_TOKENS.storage),
  settings: createServiceRef<KernelSettings>(KERNEL_TOKENS.settings),
  namespaces: createServiceRef<NamespaceDirectory>(KERNEL_TOKENS.namespaces),
} as const;
