import { PorticoError } from './PorticoError';

/** Host configuration passed to `createKernel` is malformed; names the field. */
export class ConfigInvalidError extends PorticoError {
  override name = 'ConfigInvalidError';
  constructor(problems: string) {
    super(`Invalid Portico configuration: ${problems}`, { code: 'kernel/config-invalid' });
  }
}

/** The kernel was used after `dispose()`. */
export class KernelDisposedError extends PorticoError {
  override name = 'KernelDisposedError';
  constructor() {
    super('This Portico kernel has been disposed', { code: 'kernel/disposed' });
  }
}

/** A service ref was asked for that nobody registered (or its owner was disposed). */
export class ServiceNotFoundError extends PorticoError {
  override name = 'ServiceNotFoundError';
  constructor(readonly serviceId: string) {
    super(`Service "${serviceId}" is not registered`, { code: 'kernel/service-not-found' });
  }
}

/** Two registrations for one service id. */
export class ServiceAlreadyRegisteredError extends PorticoError {
  override name = 'ServiceAlreadyRegisteredError';
  constructor(readonly serviceId: string, owner: string) {
    super(`Service "${serviceId}" is already registered by "${owner}"`, {
      code: 'kernel/service-already-registered',
    });
  }
}

/** A view id that no enabled plugin contributes, or whose loader is missing or failed. */
export class ViewNotFoundError extends PorticoError {
  override name = 'ViewNotFoundError';
  constructor(readonly viewId: string, details?: string) {
    super(`View "${viewId}" is not available`, { code: 'kernel/view-not-found', details });
  }
}

/** A view's lazy loader rejected (network error, chunk missing). Retrying may succeed. */
export class ViewLoadError extends PorticoError {
  override name = 'ViewLoadError';
  constructor(readonly viewId: string, cause: unknown) {
    super(`View "${viewId}" failed to load`, { code: 'kernel/view-load-failed', cause });
  }
}

/** `Requested RPC call is not allowed`: the method is not in any policy, or is rejected. */
export class RpcMethodNotAllowedError extends PorticoError {
  override name = 'RpcMethodNotAllowedError';
  /** EIP-1193 "unsupported method". */
  readonly rpcCode = 4200;
  constructor(readonly method: string) {
    super('Requested RPC call is not allowed', { code: 'kernel/rpc-method-not-allowed', details: method });
  }
}

/** `Invalid CAIP Address` (CAIP-10). */
export class InvalidCaipAddressError extends PorticoError {
  override name = 'InvalidCaipAddressError';
  constructor(details: string) {
    super('Invalid CAIP Address', { code: 'kernel/invalid-caip-address', details });
  }
}

/** `Invalid CAIP Network ID` (CAIP-2). */
export class InvalidCaipNetworkIdError extends PorticoError {
  override name = 'InvalidCaipNetworkIdError';
  constructor(details: string) {
    super('Invalid CAIP Network ID', { code: 'kernel/invalid-caip-network-id', details });
  }
}

/** `Adapter not found`: no chain plugin provides the namespace. */
export class AdapterNotFoundError extends PorticoError {
  override name = 'AdapterNotFoundError';
  constructor(details?: string) {
    super('Adapter not found', { code: 'kernel/adapter-not-found', details });
  }
}

/** `No ActiveCaipAddress found`. */
export class NoActiveCaipAddressError extends PorticoError {
  override name = 'NoActiveCaipAddressError';
  constructor() {
    super('No ActiveCaipAddress found', { code: 'kernel/no-active-caip-address' });
  }
}

/**
 * A connect attempt ended without connecting because the user gave it up (left the connecting
 * view, closed the modal) or started another one. Whatever the wallet answers later is ignored.
 */
export class ConnectCancelledError extends PorticoError {
  override name = 'ConnectCancelledError';
  constructor(reason: 'cancelled' | 'superseded' = 'cancelled') {
    super(reason === 'superseded' ? 'The connect attempt was replaced by a newer one' : 'The connect attempt was cancelled', {
      code: 'kernel/connect-cancelled',
      details: reason,
    });
  }
}
