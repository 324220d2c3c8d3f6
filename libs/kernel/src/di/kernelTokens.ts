import type { Network } from '../chain/networkSchema';
/** DI tokens of the kernel's own services (plain strings: they survive minification). */
export const KERNEL_TOKENS = {
  events: 'kernel/events',
  flags: 'kernel/flags',
  contributions: 'kernel/contributions',
  router: 'kernel/router',
  connectors: 'kernel/connectors',
  alerts: 'kernel/alerts',
  connection: 'kernel/connection',
  rpcPolicy: 'kernel/rpc-policy',
  requestGate: 'kernel/request-gate',
  http: 'kernel/http',
  logger: 'kernel/logger',
  storage: 'kernel/storage',
  settings: 'kernel/settings',
  namespaces: 'kernel/namespaces',
} as const;

/** Plain settings the kernel's services are constructed with. */
export interface KernelSettings {
  readonly storageKey: string;
  /** The app's networks, every namespace (chain plugins filter theirs). */
  readonly networks: readonly Network[];
  readonly notAllowedDelayMs: number;
}
