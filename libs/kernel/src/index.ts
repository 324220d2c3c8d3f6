export { createKernel, KERNEL_VERSION } from './createKernel';
export type { Kernel, KernelPlugins } from './createKernel';
export type { KernelConfig } from './kernelConfigSchema';
export { kernelRefs } from './kernelRefs';
export type { KernelSettings } from './di/kernelTokens';

export { defineManifest, definePlugin } from './manifest/definePlugin';
export type { Disposer, ManifestInput, PluginDefinition, ViewIdsOf, ViewLoader, ViewModule } from './manifest/definePlugin';
export { validateManifest } from './manifest/validateManifest';
export { manifestSchema } from './manifest/manifestSchema';
export type { FlagDeclaration, Manifest } from './manifest/manifestSchema';
export { CONTRIBUTION_POINTS, contributionSchemas } from './manifest/contributionSchemas';
export type { ContributionOf, ContributionPoint } from './manifest/contributionSchemas';

export type { PluginContext, PluginServices } from './plugins/PluginContext';
export type { PluginInfo, PluginStatus } from './plugins/PluginHost';
export { retryFailedImport } from './plugins/PluginHost';

export { createServiceRef } from './di/createServiceRef';
export type { ServiceRef } from './di/createServiceRef';
export type { ServiceClass, ServiceProvider } from './di/ServiceRegistry';

export { createEventBus } from './events/createEventBus';
export type { EventBus, Unsubscribe } from './events/createEventBus';
export type { CloseReason, ConnectionStatus, PorticoEvents } from './events/PorticoEvents';

export { FeatureFlags } from './flags/FeatureFlags';
export type { FlagSource, FlagState } from './flags/FeatureFlags';

export { ContributionRegistry } from './contributions/ContributionRegistry';
export type { Contribution, ContributionOverrides, PointOverrides } from './contributions/ContributionRegistry';
export { orderContributions } from './contributions/orderContributions';
export type { Orderable } from './contributions/orderContributions';

export { HOME_VIEW, Router } from './router/Router';
export type { NavigateOptions, RouteEntry, RouterGuard, RouterState } from './router/Router';

export { ConnectorInvalidError, ConnectorRegistry } from './connectors/ConnectorRegistry';
export type { Connector, ConnectorEvidence, ConnectorLinks, RegisteredConnector } from './connectors/ConnectorRegistry';
export { AlertCenter } from './alerts/AlertCenter';
export type { ActiveAlert } from './alerts/AlertCenter';
export { chainAdapterRef } from './chain/ChainAdapter';
export { createWalletStandardAdapter, LINKED_WALLETS_FEATURE, standardWalletId } from './chain/createWalletStandardAdapter';
export { createWalletSlots } from './chain/createWalletSlots';
export type { WalletSlots } from './chain/createWalletSlots';
export type {
  ActiveStandardWallet,
  StandardWallet,
  StandardWalletAccount,
  StandardWalletRegistry,
  WalletStandardAdapter,
  WalletStandardAdapterParts,
  WalletStandardNamespace,
} from './chain/createWalletStandardAdapter';
export { networkSchema } from './chain/networkSchema';
export type { Network } from './chain/networkSchema';
export type { AccountIdentity, Balance, ChainAdapter, ConnectOptions, TokenBalance } from './chain/ChainAdapter';
export { ConnectionStore, RECENT_WALLETS_KEPT } from './connection/ConnectionStore';
export type { Account, ConnectTicket, ConnectionState, NamespaceConnection, NamespaceDirectory, RecentWallet } from './connection/ConnectionStore';
export { untilAborted } from './connection/untilAborted';
export { CONNECTION_SCHEMA_VERSION } from './connection/persistedConnection';

export { APPROVE_VIEW, NOT_ALLOWED_DELAY_MS, RequestGate } from './rpc/RequestGate';
export type { FailedApproval, PendingApproval, RequestGateState, RpcRequest } from './rpc/RequestGate';
export { RpcPolicyEngine } from './rpc/RpcPolicyEngine';
export type { RpcDecision } from './rpc/RpcPolicyEngine';

export { createHttpClient } from './http/createHttpClient';
export type { BodyRequestOptions, HttpClient, HttpClientOptions, QueryParams, RequestOptions } from './http/createHttpClient';
export { firstAnsweringUrl, isEndpointUnreachable, jsonRpcRequest, JsonRpcError, RPC_READ_TIMEOUT_MS, RpcUnavailableError } from './http/jsonRpc';
export type { JsonRpcRequestOptions } from './http/jsonRpc';
export { CACHE_TTL_MS, createTtlCache } from './cache/createTtlCache';
export type { TtlCache, TtlCacheOptions } from './cache/createTtlCache';

export { createMemoryStorage, createScopedStorage, createWebStorage } from './storage/StoragePort';
export type { StoragePort } from './storage/StoragePort';
export { createLogger } from './logger/createLogger';
export type { Logger, LogLevel, LogSink } from './logger/createLogger';
export { createObservable } from './state/createObservable';
export type { Observable, WritableObservable } from './state/createObservable';
export { formatIssues, safeParseWith } from './schema/formatIssues';
export type { ParseResult } from './schema/formatIssues';

export { CAIP_NAMESPACE, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from './caip/caip';
export type { CaipAddress, CaipNetworkId } from './caip/caip';
export { Caip122FieldError, caip122Header, checkCaip122Fields, formatCaip122Message, isCaip122Current } from './caip/caip122';
export type { Caip122Fields } from './caip/caip122';
export { ACCOUNT_TYPES, CONNECTOR_GROUPS, CONNECTOR_TYPES, defaultConnectorGroup } from './taxonomy/connectors';
export type { AccountType, ConnectorGroup, ConnectorType } from './taxonomy/connectors';

export { isPorticoError, PorticoError } from './errors/PorticoError';
export type { PorticoErrorOptions } from './errors/PorticoError';
export { classifyError } from './errors/classifyError';
export { isPlainMessage } from './errors/isPlainMessage';
export type { ErrorClassification, ErrorKind } from './errors/classifyError';
export { ProviderRpcError, RPC_ENDPOINT_DOWN_MESSAGE, toProviderRpcError } from './errors/ProviderRpcError';
export {
  AdapterNotFoundError,
  CaipNetworkUndefinedError,
  ChainNotSupportedError,
  ConfigInvalidError,
  HttpError,
  HttpResponseInvalidError,
  HttpTimeoutError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  ConnectCancelledError,
  KernelDisposedError,
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoConnectionClientError,
  RequestAbortedError,
  RpcMethodNotAllowedError,
  ServiceAlreadyRegisteredError,
  ServiceNotFoundError,
  UserRejectedRequestError,
  ViewLoadError,
  ViewNotFoundError,
} from './errors/kernelErrors';
export {
  DependencyCycleError,
  DependencyUnavailableError,
  DependencyVersionMismatchError,
  DuplicateContributionError,
  DuplicatePluginError,
  KernelVersionMismatchError,
  ManifestInvalidError,
  MissingDependencyError,
  PluginActivationError,
  PluginConflictError,
} from './errors/pluginErrors';

export { checkImageUrl, checkLink, isLoopbackHttp } from './connectors/safeUrls';
export type { UrlCheck } from './connectors/safeUrls';
