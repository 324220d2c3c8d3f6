/**
 * `@portico/kernel/errors`: every error the kernel throws, and the classifier the modal uses
 * to word a failure. Check with `instanceof` or by `code` (`isPorticoError(e) && e.code === …`).
 */
export { isPorticoError, PorticoError } from '../errors/PorticoError';
export type { PorticoErrorOptions } from '../errors/PorticoError';
export { classifyError, isPlainMessage, toError } from '../errors/classifyError';
export type { ErrorClassification, ErrorKind } from '../errors/classifyError';
export {
  AdapterNotFoundError,
  ConfigInvalidError,
  ConnectCancelledError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  KernelDisposedError,
  NoActiveCaipAddressError,
  RpcMethodNotAllowedError,
  ServiceAlreadyRegisteredError,
  ServiceNotFoundError,
  ViewLoadError,
  ViewNotFoundError,
} from '../errors/kernelErrors';
export { ChainNotSupportedError } from '../errors/connectErrors';
export { HttpError, HttpResponseInvalidError, HttpTimeoutError } from '../errors/httpErrors';
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
} from '../errors/pluginErrors';
export { RequestAbortedError, UserRejectedRequestError } from '../errors/requestErrors';
export { ConnectorInvalidError } from '../connectors/ConnectorRegistry';
export { JsonRpcError, RpcUnavailableError } from '../http/jsonRpc';
