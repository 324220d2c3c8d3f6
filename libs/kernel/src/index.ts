// `@portico/kernel`: what a host and a plugin author use. Topic entries beside it:
// `@portico/kernel/errors` (every error class, the classifier), `@portico/kernel/caip`
// (CAIP-2/10/122), `@portico/kernel/http` (HTTP and JSON-RPC), `@portico/kernel/provider-errors`
// (EIP-1193 errors, loaded lazily). `test/publicApi.test.ts` lists every name.

// The kernel and its services.
export { createKernel } from './createKernel';
export type { Kernel } from './createKernel';
export type { KernelConfig } from './kernelConfigSchema';
export { kernelRefs } from './kernelRefs';

// Writing a plugin.
export { defineManifest, definePlugin } from './manifest/definePlugin';
export type { PluginDefinition, ViewModule } from './manifest/definePlugin';
export { validateManifest } from './manifest/validateManifest';
export type { Manifest } from './manifest/manifestSchema';
export { CONTRIBUTION_POINTS } from './manifest/contributionSchemas';
export type { ApprovalReader, ViewRole } from './manifest/contributionSchemas';
export type { PluginContext } from './plugins/PluginContext';
export type { PluginInfo } from './plugins/PluginHost';
export { retryFailedImport } from './plugins/viewModules';
export { onIdle } from './scheduling/onIdle';
export { loadOnce } from './scheduling/loadOnce';
export type { Loader } from './scheduling/loadOnce';
export { createServiceRef } from './di/createServiceRef';
export type { ServiceRef } from './di/createServiceRef';

// Events, the modal's router, alerts.
export type { EventBus, Unsubscribe } from './events/createEventBus';
export type { CloseReason, ConnectionStatus, PorticoEvents } from './events/PorticoEvents';
export type { Router, RouterState } from './router/Router';
export type { AlertCenter } from './alerts/AlertCenter';

// Chains: the adapter a chain plugin provides, its wallets and the connection it keeps.
export { chainAdapterRef } from './chain/ChainAdapter';
export { defineChainPlugin } from './chain/defineChainPlugin';
export type { ChainAdapterParts, ChainPluginAdapter } from './chain/defineChainPlugin';
export type { AccountIdentity, Balance, ChainAdapter, TokenBalance, TransferRequest } from './chain/ChainAdapter';
export type { ActivityPage, ActivityTransaction, Nft } from './chain/activity';
export { formatUnits } from './chain/formatUnits';
export { networkSchema } from './chain/networkSchema';
export type { Network } from './chain/networkSchema';
export type { Connector, ConnectorRegistry, RegisteredConnector } from './connectors/ConnectorRegistry';
export { CONNECTOR_GROUPS } from './taxonomy/connectors';
export type { AccountType, ConnectorGroup, ConnectorType } from './taxonomy/connectors';
export { createWalletStandardAdapter, LINKED_WALLETS_FEATURE } from './chain/createWalletStandardAdapter';
export type { StandardWallet, StandardWalletAccount, StandardWalletRegistry } from './chain/createWalletStandardAdapter';
export { createWalletSlots } from './chain/createWalletSlots';
export type { WalletSlots } from './chain/createWalletSlots';
export type { Account, ConnectionStore, ConnectTicket, RecentWallet } from './connection/ConnectionStore';
export { untilAborted } from './connection/untilAborted';
export type { RequestGate, RpcRequest } from './rpc/RequestGate';

// Plumbing every plugin shares.
export { createMemoryStorage, createWebStorage } from './storage/StoragePort';
export type { StoragePort } from './storage/StoragePort';
export type { Logger } from './logger/createLogger';
export { createObservable } from './state/createObservable';
export type { Observable } from './state/createObservable';
export { safeParseWith } from './schema/formatIssues';
export { CACHE_TTL_MS, createTtlCache } from './cache/createTtlCache';
export { checkImageUrl, checkLink, isLoopbackHttp } from './connectors/safeUrls';
export { isPorticoError, PorticoError } from './errors/PorticoError';
