import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProviderRpcError, RPC_ENDPOINT_DOWN_MESSAGE, toProviderRpcError } from '../../test/internals';
import { RequestAbortedError, RpcMethodNotAllowedError, RpcUnavailableError, UserRejectedRequestError } from '../../src/entries/errors';

describe('toProviderRpcError: what the host’s provider rejects with', () => {
  it('keeps the wallet’s numeric code, message and data, with the original as cause (a plain object too)', () => {
    const thrown = { code: 4001, message: 'User denied account access', data: { reason: 'x' } };
    const error = toProviderRpcError(thrown);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ProviderRpcError', code: 4001, message: 'User denied account access', data: { reason: 'x' } });
    expect(error.cause).toBe(thrown);
  });

  it('gives a wallet error without a message the EIP-1193 description of its code', () => {
    expect(toProviderRpcError({ code: 4100 }).message).toBe('The requested method and/or account has not been authorized by the user.');
    expect(toProviderRpcError({ code: 4900 })).toMatchObject({ code: 4900, message: 'The Provider is disconnected from all chains.' });
    expect('data' in toProviderRpcError({ code: 4900 })).toBe(false);
  });

  it('any network failure, however wrapped, is -32603 "The network\'s RPC endpoint did not answer"', () => {
    const fetchFailed = new TypeError('Failed to fetch');
    const viemLike = Object.assign(new Error('HTTP request failed.\n\nURL: http://127.0.0.1:1\nDetails: Failed to fetch\nVersion: viem@2'), {
      name: 'TransactionExecutionError',
      shortMessage: 'HTTP request failed.',
      cause: Object.assign(new Error('HTTP request failed.'), { name: 'HttpRequestError', shortMessage: 'HTTP request failed.', cause: fetchFailed }),
    });
    for (const failure of [fetchFailed, viemLike, new RpcUnavailableError(['http://x'], fetchFailed)]) {
      const error = toProviderRpcError(failure);
      expect(error).toMatchObject({ code: -32603, message: RPC_ENDPOINT_DOWN_MESSAGE });
      expect(error.cause).toBe(failure);
    }
    expect(RPC_ENDPOINT_DOWN_MESSAGE).toBe("The network's RPC endpoint did not answer");
  });

  it('gives Portico’s own refusals their EIP-1193 codes and keeps the catalogue messages', () => {
    expect(toProviderRpcError(new RpcMethodNotAllowedError('eth_sign'))).toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' });
    expect(toProviderRpcError(new UserRejectedRequestError('m'))).toMatchObject({ code: 4001, message: 'User rejected the request' });
    expect(toProviderRpcError(new RequestAbortedError('m'))).toMatchObject({ code: 4001, message: 'Request was aborted' });
  });

  it('a library error’s one-line short message, never a multi-line one', () => {
    const error = toProviderRpcError(Object.assign(new Error('Execution reverted.\n\nDetails: x'), { shortMessage: 'Execution reverted.', code: 3 }));
    expect(error).toMatchObject({ code: 3, message: 'Execution reverted.' });
    expect(toProviderRpcError(new Error('first line\nsecond')).message).toBe('first line');
  });

  it('a Wallet Standard rejection becomes 4001 (its seven-digit code is no EIP-1193 code)', () => {
    expect(toProviderRpcError(Object.assign(new Error('rejected'), { name: 'WalletStandardError', context: { __code: 4001000 } })).code).toBe(4001);
  });

  it('is idempotent', () => {
    const once = toProviderRpcError({ code: 4001 });
    expect(toProviderRpcError(once)).toBe(once);
  });

  it('whatever is thrown, the host gets an Error with an integer code and a non-empty message that is not "[object Object]"', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true }), (value) => {
        const error = toProviderRpcError(value);
        expect(error).toBeInstanceOf(Error);
        expect(Number.isInteger(error.code)).toBe(true);
        expect(error.message.trim()).not.toBe('');
        expect(error.message).not.toContain('[object ');
        expect(error.cause).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
