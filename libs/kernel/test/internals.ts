// Everything inside the kernel its own tests reach for (errors: import the public entry, src/entries/errors); the public entries are src/index.ts and src/entries/*.
export { createKernel, KERNEL_VERSION } from '../src/createKernel';
export { VIEW_ROLES } from '../src/manifest/contributionSchemas';
export type { Kernel, KernelPlugins } from '../src/createKernel';
export type { KernelConfig } from '../src/kernelConfigSchema';
export { kernelRefs } from '../src/kernelRefs';
export type { KernelSettings } from '../src/kernelRefs';

export { defineManifest, definePlugin } from '../src/manifest/definePlugin';
export type { Disposer, ManifestInput, PluginDefinition, ViewIdsOf, ViewLoader, ViewModule } from '../src/manifest/definePlugin';
export { validateManifest } from '../src/manifest/validateManifest';
export { manifestSchema } from '../src/manifest/manifestSchema';
export type { FlagDeclaration, Manifest } from '../src/manifest/manifestSchema';
export { CONTRIBUTION_POINTS, contributionSchemas } from '../src/manifest/contributionSchemas';
export type { ContributionOf, ContributionPoint } from '../src/manifest/contributionSchemas';

export type { PluginContext, PluginServices } from '../src/plugins/PluginContext';
export type { PluginInfo, PluginStatus } from '../src/plugins/PluginHost';
export { retryFailedImport } from '../src/plugins/viewModules';

export { createServiceRef } from '../src/di/createServiceRef';
export type { ServiceRef } from '../src/di/createServiceRef';
export type { ServiceClass, ServiceProvider } from '../src/di/ServiceRegistry';

export { createEventBus } from '../src/events/createEventBus';
export type { EventBus, Unsubscribe } from '../src/events/createEventBus';
export type { CloseReason, ConnectionStatus, PorticoEvents } from '../src/events/PorticoEvents';

export { FeatureFlags } from '../src/flags/FeatureFlags';
export type { FlagSource, FlagState } from '../src/flags/FeatureFlags';

export { ContributionRegistry } from '../src/contributions/ContributionRegistry';
export type { Contribution, ContributionOverrides, PointOverrides } from '../src/contributions/ContributionRegistry';
export { orderContributions } from '../src/contributions/orderContributions';
export type { Orderable } from '../src/contributions/orderContributions';

export { Router } from '../src/router/Router';
export type { NavigateOptions, RouteEntry, RouterGuard, RouterState } from '../src/router/Router';

export { ConnectorRegistry } from '../src/connectors/ConnectorRegistry';
export type { Connector, ConnectorEvidence, ConnectorLinks, RegisteredConnector } from '../src/connectors/ConnectorRegistry';
export { AlertCenter } from '../src/alerts/AlertCenter';
export type { ActiveAlert } from '../src/alerts/AlertCenter';
export { chainAdapterRef } from '../src/chain/ChainAdapter';
export { createWalletStandardAdapter, LINKED_WALLETS_FEATURE, standardWalletId } from '../src/chain/createWalletStandardAdapter';
export { createWalletSlots } from '../src/chain/createWalletSlots';
export type { WalletSlots } from '../src/chain/createWalletSlots';
export type {
  ActiveStandardWallet,
  StandardWallet,
  StandardWalletAccount,
  StandardWalletRegistry,
  WalletStandardAdapter,
  WalletStandardAdapterParts,
  WalletStandardNamespace,
} from '../src/chain/createWalletStandardAdapter';
export { networkSchema } from '../src/chain/networkSchema';
export type { Network } from '../src/chain/networkSchema';
export type { AccountIdentity, Balance, ChainAdapter, ConnectOptions, TokenBalance } from '../src/chain/ChainAdapter';
export { ConnectionStore, RECENT_WALLETS_KEPT } from '../src/connection/ConnectionStore';
export type { Account, ConnectTicket, ConnectionState, NamespaceConnection, NamespaceDirectory, RecentWallet } from '../src/connection/ConnectionStore';
export { untilAborted } from '../src/connection/untilAborted';
export { CONNECTION_SCHEMA_VERSION } from '../src/connection/persistedConnection';

export { NOT_ALLOWED_DELAY_MS, RequestGate } from '../src/rpc/RequestGate';
export type { FailedApproval, PendingApproval, RequestGateState, RpcRequest } from '../src/rpc/RequestGate';
export { RpcPolicyEngine } from '../src/rpc/RpcPolicyEngine';
export type { RpcDecision } from '../src/rpc/RpcPolicyEngine';

export { createHttpClient } from '../src/http/createHttpClient';
export type { BodyRequestOptions, HttpClient, HttpClientOptions, QueryParams, RequestOptions } from '../src/http/createHttpClient';
export { firstAnsweringUrl, jsonRpcRequest, RPC_READ_TIMEOUT_MS } from '../src/http/jsonRpc';
export { isEndpointUnreachable } from '../src/errors/classifyError';
export type { JsonRpcRequestOptions } from '../src/http/jsonRpc';
export { CACHE_TTL_MS, createTtlCache } from '../src/cache/createTtlCache';
export type { TtlCache, TtlCacheOptions } from '../src/cache/createTtlCache';

export { createMemoryStorage, createScopedStorage, createWebStorage } from '../src/storage/StoragePort';
export type { StoragePort } from '../src/storage/StoragePort';
export { createLogger } from '../src/logger/createLogger';
export type { Logger, LogLevel, LogSink } from '../src/logger/createLogger';
export { createObservable } from '../src/state/createObservable';
export type { Observable, WritableObservable } from '../src/state/createObservable';
export { formatIssues, safeParseWith } from '../src/schema/formatIssues';
export type { ParseResult } from '../src/schema/formatIssues';

export { CAIP_NAMESPACE, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from '../src/caip/caip';
export type { CaipAddress, CaipNetworkId } from '../src/caip/caip';
export { Caip122FieldError, caip122Header, checkCaip122Fields, formatCaip122Message, isCaip122Current } from '../src/caip/caip122';
export type { Caip122Fields } from '../src/caip/caip122';
export { CONNECTOR_GROUPS, CONNECTOR_TYPES, defaultConnectorGroup } from '../src/taxonomy/connectors';
export type { AccountType, ConnectorGroup, ConnectorType } from '../src/taxonomy/connectors';

export { ProviderRpcError, RPC_ENDPOINT_DOWN_MESSAGE, toProviderRpcError } from '../src/errors/ProviderRpcError';

export { checkImageUrl, checkLink, isLoopbackHttp } from '../src/connectors/safeUrls';
export type { UrlCheck } from '../src/connectors/safeUrls';
