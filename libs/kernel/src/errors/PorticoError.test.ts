import { describe, expect, it } from 'vitest';
import * as kernel from '../entries/errors';
import { AdapterNotFoundError, ChainNotSupportedError, HttpError, InvalidCaipAddressError, isPorticoError, NoActiveCaipAddressError, PluginActivationError, PorticoError, RequestAbortedError, RpcMethodNotAllowedError, ViewLoadError } from '../../src/entries/errors';

/** One instance of every error class `@portico/kernel/errors` exports, built with sample arguments. */
const samples: Record<string, PorticoError> = {
  AdapterNotFoundError: new kernel.AdapterNotFoundError(),
  ChainNotSupportedError: new kernel.ChainNotSupportedError(),
  ConfigInvalidError: new kernel.ConfigInvalidError('x: Required'),
  ConnectCancelledError: new kernel.ConnectCancelledError('superseded'),
  HttpError: new kernel.HttpError(418, 'https://api.example/x'),
  HttpResponseInvalidError: new kernel.HttpResponseInvalidError('https://api.example/x', 'bad'),
  HttpTimeoutError: new kernel.HttpTimeoutError('https://api.example/x', 10),
  JsonRpcError: new kernel.JsonRpcError(-32601, 'Method not found'),
  RpcUnavailableError: new kernel.RpcUnavailableError(['https://rpc.example'], new Error('down')),
  InvalidCaipAddressError: new kernel.InvalidCaipAddressError('d'),
  InvalidCaipNetworkIdError: new kernel.InvalidCaipNetworkIdError('d'),
  KernelDisposedError: new kernel.KernelDisposedError(),
  NoActiveCaipAddressError: new kernel.NoActiveCaipAddressError(),
  RequestAbortedError: new kernel.RequestAbortedError('m'),
  RpcMethodNotAllowedError: new kernel.RpcMethodNotAllowedError('m'),
  ServiceAlreadyRegisteredError: new kernel.ServiceAlreadyRegisteredError('a/b', 'owner'),
  ServiceNotFoundError: new kernel.ServiceNotFoundError('a/b'),
  UserRejectedRequestError: new kernel.UserRejectedRequestError('m'),
  ViewLoadError: new kernel.ViewLoadError('V', new Error('x')),
  ConnectorInvalidError: new kernel.ConnectorInvalidError('name: Required'),
  ViewNotFoundError: new kernel.ViewNotFoundError('V'),
  DependencyCycleError: new kernel.DependencyCycleError('a', ['a', 'b', 'a']),
  DependencyUnavailableError: new kernel.DependencyUnavailableError('a', 'b', 'off'),
  DependencyVersionMismatchError: new kernel.DependencyVersionMismatchError('a', 'b', '^2.0.0', '1.0.0'),
  DuplicateContributionError: new kernel.DuplicateContributionError('a', 'views', 'V', 'b'),
  DuplicatePluginError: new kernel.DuplicatePluginError('a'),
  KernelVersionMismatchError: new kernel.KernelVersionMismatchError('a', '^2.0.0', '0.1.0'),
  ManifestInvalidError: new kernel.ManifestInvalidError('a', 'x: Required'),
  MissingDependencyError: new kernel.MissingDependencyError('a', 'b'),
  PluginActivationError: new kernel.PluginActivationError('a', new Error('x')),
  PluginConflictError: new kernel.PluginConflictError('a', 'b'),
};

/** Every exported class that extends PorticoError (except the base). */
const exportedErrorClasses = Object.entries(kernel).filter(
  ([name, value]) => typeof value === 'function' && value.prototype instanceof PorticoError && name !== 'PorticoError',
);

describe('error catalogue', () => {
  it('has a sample for every exported error class', () => {
    expect(exportedErrorClasses.map(([name]) => name).sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))('%s is a PorticoError named after its class with a namespaced code', (name, error) => {
    expect(error).toBeInstanceOf(PorticoError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.constructor.name).toBe(name);
    expect(error.code).toMatch(/^kernel\/[a-z]+(-[a-z0-9]+)*$/);
    expect(error.shortMessage).toBe(error.message);
    expect(isPorticoError(error)).toBe(true);
  });

  it('codes are unique across classes and stable for each class', () => {
    const codes = Object.values(samples).map((error) => error.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new kernel.HttpError(500, 'u').code).toBe(new kernel.HttpError(404, 'v').code);
  });

  it.each([
    [new HttpError(404, 'https://x'), 'HTTP status code: 404'],
    [new InvalidCaipAddressError('why'), 'Invalid CAIP Address'],
    [new ChainNotSupportedError(), 'Chain is not supported'],
    [new AdapterNotFoundError(), 'Adapter not found'],
    [new NoActiveCaipAddressError(), 'No ActiveCaipAddress found'],
    [new RpcMethodNotAllowedError('eth_x'), 'Requested RPC call is not allowed'],
    [new RequestAbortedError('m'), 'Request was aborted'],
  ])('%o has the exact catalogue message', (error, text) => {
    expect(error.message).toBe(text);
    expect(error.shortMessage).toBe(text);
  });

  it('keeps technical information in details, not in the message', () => {
    const error = new ChainNotSupportedError('acme:99 is not configured');
    expect(error.message).toBe('Chain is not supported');
    expect(error.details).toBe('acme:99 is not configured');
  });

  it('preserves the cause', () => {
    const cause = new Error('chunk load failed');
    expect(new ViewLoadError('V', cause).cause).toBe(cause);
    const activation = new PluginActivationError('p', cause);
    expect(activation.cause).toBe(cause);
    expect(activation.details).toBe('chunk load failed');
    expect(new PluginActivationError('p', 'a string').details).toBe('a string');
    expect(new PorticoError('m', { code: 'test/x' }).cause).toBeUndefined();
    expect('cause' in new PorticoError('m', { code: 'test/x' })).toBe(false);
  });

  it('isPorticoError recognises copies from another bundle by shape, and nothing else', () => {
    const foreign = Object.assign(new Error('Adapter not found'), { code: 'kernel/adapter-not-found', shortMessage: 'Adapter not found' });
    expect(isPorticoError(foreign)).toBe(true);
    expect(isPorticoError(new Error('plain'))).toBe(false);
    expect(isPorticoError({ code: 'x', shortMessage: 'y', message: 'z' })).toBe(false);
    expect(isPorticoError(Object.assign(new Error('x'), { code: 42, shortMessage: 'x' }))).toBe(false);
    expect(isPorticoError(undefined)).toBe(false);
  });
});
