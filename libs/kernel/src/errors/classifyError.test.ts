import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainNotSupportedError, classifyError, ConnectCancelledError, HttpTimeoutError, isPlainMessage, JsonRpcError, NoActiveCaipAddressError, PorticoError, RequestAbortedError, RpcMethodNotAllowedError, RpcUnavailableError, UserRejectedRequestError, ViewLoadError } from '../../src/entries/errors';

/** The shape EIP-1193 wallets reject with, as a plain object (not an Error) or as an Error. */
const rpcObject = (code: number, message?: string, data?: unknown) => ({ code, ...(message !== undefined ? { message } : {}), ...(data !== undefined ? { data } : {}) });
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** What `fetch` really rejects with when nothing listens on the port. */
async function refusedFetch(): Promise<unknown> {
  try {
    await fetch('http://127.0.0.1:9/', { method: 'POST' });
  } catch (error) {
    return error;
  }
  throw new Error('port 9 answered');
}

describe('classifyError: EIP-1193 and EIP-1474 codes, as Errors and as plain objects', () => {
  it.each([
    [4001, 'user-rejected'],
    [4100, 'unauthorized'],
    [4200, 'unsupported-method'],
    [-32601, 'unsupported-method'],
    [4900, 'disconnected'],
    [4901, 'chain-disconnected'],
    [4902, 'unknown-chain'],
    [-32603, 'wallet-internal'],
  ] as const)('%i is %s', (code, kind) => {
    expect(classifyError(rpcObject(code, 'whatever the wallet says'))).toEqual({ kind, code });
    expect(classifyError(rpcError(code, 'whatever the wallet says'))).toEqual({ kind, code });
    expect(classifyError(rpcObject(code))).toEqual({ kind, code });
  });

  it('-32002 is a request already waiting in the wallet (MetaMask), not a node’s failed simulation', () => {
    expect(classifyError(rpcObject(-32002, "Request of type 'wallet_requestPermissions' already pending for origin http://x. Please wait."))).toEqual({
      kind: 'request-pending',
      code: -32002,
    });
    expect(classifyError(rpcObject(-32002))).toEqual({ kind: 'request-pending', code: -32002 });
    expect(classifyError(rpcObject(-32002, 'Transaction simulation failed: Blockhash not found')).kind).toBe('unknown');
  });

  it('looks inside wrappers: MetaMask’s -32603 around a 4001, viem’s cause chain, wallet adapters’ `error`', () => {
    expect(classifyError(rpcObject(-32603, 'Internal JSON-RPC error.', { originalError: { code: 4001, message: 'User denied' } }))).toEqual({ kind: 'user-rejected', code: 4001 });
    const viemLike = Object.assign(new Error('An internal error was received.'), {
      shortMessage: 'An internal error was received.',
      cause: Object.assign(new Error('User rejected the request.'), { code: 4001, shortMessage: 'User rejected the request.' }),
    });
    expect(classifyError(viemLike)).toEqual({ kind: 'user-rejected', code: 4001 });
    expect(classifyError({ name: 'WalletSignMessageError', message: 'x', error: { code: 4001 } }).kind).toBe('user-rejected');
  });

  it('Wallet Standard errors (context.__code)', () => {
    const standard = (code: number) => Object.assign(new Error('m'), { name: 'WalletStandardError', context: { __code: code } });
    expect(classifyError(standard(4001000))).toEqual({ kind: 'user-rejected', code: 4001000 });
    expect(classifyError(standard(6160000)).kind).toBe('unknown-chain');
    expect(classifyError(standard(6160002)).kind).toBe('unsupported-method');
  });

  it('ethers’ ACTION_REJECTED is a rejection', () => {
    expect(classifyError(Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' }))).toEqual({ kind: 'user-rejected', code: 'ACTION_REJECTED' });
  });
});

describe('classifyError: the network', () => {
  it('a real refused fetch, however wrapped, is the network', async () => {
    const refused = await refusedFetch();
    expect(refused).toBeInstanceOf(TypeError);
    expect(classifyError(refused).kind).toBe('network');
    expect(classifyError(new Error('HTTP request failed.', { cause: refused })).kind).toBe('network');
    expect(classifyError(new RpcUnavailableError(['http://127.0.0.1:9/'], refused))).toEqual({ kind: 'network', code: 'kernel/rpc-unavailable' });
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed'])('TypeError("%s") is the network', (message) => {
    expect(classifyError(new TypeError(message)).kind).toBe('network');
  });

  it('timeouts and viem’s transport errors are the network; other TypeErrors are not', () => {
    expect(classifyError(new HttpTimeoutError('http://x', 10))).toEqual({ kind: 'network', code: 'kernel/http-timeout' });
    expect(classifyError(Object.assign(new Error('HTTP request failed.'), { name: 'HttpRequestError', shortMessage: 'HTTP request failed.' })).kind).toBe('network');
    expect(classifyError(new DOMException('signal timed out', 'TimeoutError')).kind).toBe('network');
    expect(classifyError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual({ kind: 'unknown' });
  });

  it('a network failure under a wallet’s -32603 is the network', () => {
    expect(classifyError(rpcObject(-32603, 'Internal error', { cause: new TypeError('Failed to fetch') })).kind).toBe('network');
  });
});

describe('classifyError: Portico’s own errors', () => {
  it.each([
    [new UserRejectedRequestError('m'), 'user-rejected', 'kernel/user-rejected'],
    [new RpcMethodNotAllowedError('eth_sign'), 'not-allowed', 'kernel/rpc-method-not-allowed'],
    [new RequestAbortedError('m'), 'aborted', 'kernel/request-aborted'],
    [new ConnectCancelledError(), 'cancelled', 'kernel/connect-cancelled'],
    [new NoActiveCaipAddressError(), 'no-account', 'kernel/no-active-caip-address'],
    [new ChainNotSupportedError(), 'unsupported-chain', 'kernel/chain-not-supported'],
  ] as const)('%o is %s with its code', (error, kind, code) => {
    expect(classifyError(error)).toEqual({ kind, code });
  });

  it('the no-account error keeps its catalogue message for developers', () => {
    expect(new NoActiveCaipAddressError().message).toBe('No ActiveCaipAddress found');
  });

  it('a node’s JSON-RPC error is the network refusing, with its plain message', () => {
    expect(classifyError(new JsonRpcError(-32000, 'insufficient funds for gas * price + value'))).toEqual({
      kind: 'node-refused',
      code: 'kernel/json-rpc-error',
      detail: 'insufficient funds for gas * price + value',
    });
    expect(classifyError(new JsonRpcError(-32602, 'invalid argument 0: hex string has length 3, want 40 for common.Address {"x":1}'))).toEqual({
      kind: 'node-refused',
      code: 'kernel/json-rpc-error',
    });
  });

  it('other Portico errors never lend their (developer) message', () => {
    expect(classifyError(new ViewLoadError('V', new Error('chunk')))).toEqual({ kind: 'unknown', code: 'kernel/view-load-failed', detail: 'chunk' });
    expect(classifyError(new PorticoError('Service "x" is not registered', { code: 'kernel/service-not-found' }))).toEqual({ kind: 'unknown', code: 'kernel/service-not-found' });
  });
});

describe('classifyError: anything else thrown', () => {
  it('strings, null, undefined, objects without a message, numbers', () => {
    expect(classifyError('The wallet is locked')).toEqual({ kind: 'unknown', detail: 'The wallet is locked' });
    expect(classifyError(null)).toEqual({ kind: 'unknown' });
    expect(classifyError(undefined)).toEqual({ kind: 'unknown' });
    expect(classifyError({})).toEqual({ kind: 'unknown' });
    expect(classifyError({ reason: 'x' })).toEqual({ kind: 'unknown' });
    expect(classifyError(42)).toEqual({ kind: 'unknown' });
    expect(classifyError(new Error('[object Object]'))).toEqual({ kind: 'unknown' });
  });

  it('a wallet’s short plain message is kept; long, multi-line or technical ones are not', () => {
    expect(classifyError(rpcObject(-32000, 'Insufficient funds'))).toEqual({ kind: 'unknown', code: -32000, detail: 'Insufficient funds' });
    expect(classifyError(new Error('x'.repeat(121))).detail).toBeUndefined();
    expect(classifyError(new Error('HTTP request failed.\n\nURL: http://x\nVersion: viem@2')).detail).toBeUndefined();
    expect(classifyError(new Error('see https://docs.example/errors')).detail).toBeUndefined();
    expect(classifyError(new Error('reverted with 0x08c379a0000000000000000000000000')).detail).toBeUndefined();
  });

  it('survives cycles and hostile getters', () => {
    const a: Record<string, unknown> = { message: 'a loop' };
    a.cause = { cause: a };
    expect(classifyError(a)).toEqual({ kind: 'unknown', detail: 'a loop' });
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); } });
    expect(classifyError(hostile)).toEqual({ kind: 'unknown' });
    const getter = Object.defineProperty({}, 'code', { get: () => { throw new Error('trap'); } });
    expect(classifyError(getter)).toEqual({ kind: 'unknown' });
  });

  it('never throws and never hands back "[object Object]" or a non-plain detail, whatever is thrown', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true }), (value) => {
        const result = classifyError(value);
        expect(typeof result.kind).toBe('string');
        if (result.detail !== undefined) {
          expect(isPlainMessage(result.detail)).toBe(true);
          expect(result.detail).not.toContain('[object');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('an EIP-1193 object with a known code is classified by its code whatever its message and data', () => {
    const known = fc.constantFrom(4001, 4100, 4200, 4900, 4901, 4902, -32601);
    fc.assert(
      fc.property(known, fc.option(fc.string(), { nil: undefined }), fc.anything(), fc.boolean(), (code, message, data, asError) => {
        const thrown = asError ? Object.assign(new Error(message ?? ''), { code, data }) : { code, message, data };
        expect(classifyError(thrown).code).toBe(code);
        expect(classifyError(thrown).kind).not.toBe('unknown');
      }),
    );
  });
});
