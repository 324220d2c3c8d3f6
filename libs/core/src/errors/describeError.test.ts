import { PorticoError } from '@portico/kernel';
import { JsonRpcError, RpcUnavailableError } from '@portico/kernel/http';
import { ChainNotSupportedError, classifyError, HttpTimeoutError, NoActiveCaipAddressError, RequestAbortedError, RpcMethodNotAllowedError, UserRejectedRequestError, ViewLoadError, ViewNotFoundError, type ErrorKind } from '@portico/kernel/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/createI18n';
import { en } from '../i18n/en';
import { describeError } from './describeError';
import { toError } from './toError';

/** What `fetch` really rejects with when nothing listens on the port. */
async function refusedFetch(): Promise<unknown> {
  try {
    await fetch('http://127.0.0.1:9/', { method: 'POST' });
  } catch (error) {
    return error;
  }
  throw new Error('port 9 answered');
}

describe('describeError: one sentence per EIP-1193 / EIP-1474 code', () => {
  it.each([
    [4001, 'Request declined', 'You declined the request.'],
    [4100, 'Not authorised', 'The wallet has not authorised this site. Connect it again, then try again.'],
    [4200, 'Not supported', 'Your wallet does not support this request.'],
    [4900, 'Wallet disconnected', 'The wallet is disconnected. Connect it again, then try again.'],
    [4901, 'Wrong network', 'The wallet is not connected to this network. Switch networks in the wallet, then try again.'],
    [-32002, 'Request already waiting', 'Open your wallet: a request is already waiting'],
    [-32603, 'Wallet error', 'The wallet ran into a problem. Try again.'],
  ])('%i (a plain object, not an Error)', (code, title, message) => {
    expect(describeError({ code, message: 'Request of type x already pending', data: { x: 1 } })).toEqual({ kind: expect.any(String), code, title, message });
    expect(describeError(Object.assign(new Error('Request already pending'), { code })).message).toBe(message);
  });
});

describe('describeError: the network and Portico’s errors', () => {
  it('a real refused fetch, a viem-style wrapper, RpcUnavailableError and HttpTimeoutError: "The network isn\'t answering"', async () => {
    const refused = await refusedFetch();
    const wrapped = Object.assign(new Error('HTTP request failed.\n\nURL: http://127.0.0.1:9\nDetails: fetch failed\nVersion: viem@2'), {
      shortMessage: 'HTTP request failed.',
      cause: Object.assign(new Error('HTTP request failed.'), { name: 'HttpRequestError', cause: refused }),
    });
    for (const error of [refused, new TypeError('Failed to fetch'), wrapped, new RpcUnavailableError(['http://x'], refused), new HttpTimeoutError('http://x', 10)]) {
      expect(describeError(error)).toMatchObject({ kind: 'network', title: "The network isn't answering", message: 'Check your connection, then try again.' });
    }
  });

  it('no account: the user’s sentence, while the thrown error keeps the catalogue’s message', () => {
    const error = new NoActiveCaipAddressError();
    expect(describeError(error)).toEqual({
      kind: 'no-account',
      code: 'kernel/no-active-caip-address',
      title: 'No account shared',
      message: 'The wallet shared no account. Unlock it or add an account, then try again.',
    });
    expect(error.message).toBe('No ActiveCaipAddress found');
  });

  it('a refused method keeps the spec’s exact strings; Portico codes come through', () => {
    expect(describeError(new RpcMethodNotAllowedError('eth_sign'))).toEqual({
      kind: 'not-allowed',
      code: 'kernel/rpc-method-not-allowed',
      title: 'Action not allowed',
      message: 'Requested RPC call is not allowed',
    });
    expect(describeError(new UserRejectedRequestError('m')).code).toBe('kernel/user-rejected');
    expect(describeError(new RequestAbortedError('m')).message).toBe('Request was aborted');
    expect(describeError(new ChainNotSupportedError()).title).toBe('Network not supported');
  });

  it('a node’s own short answer is quoted; an internal Portico message never is', () => {
    expect(describeError(new JsonRpcError(-32000, 'insufficient funds for gas * price + value')).message).toBe('The network said: insufficient funds for gas * price + value');
    const internal = describeError(new PorticoError('Service "x" is not registered', { code: 'kernel/service-not-found' }));
    expect(internal).toEqual({ kind: 'unknown', code: 'kernel/service-not-found', title: 'Something went wrong', message: 'The request did not go through. Try again.' });
  });
});

describe('describeError: anything else thrown', () => {
  it.each([
    [null, 'The request did not go through. Try again.'],
    [undefined, 'The request did not go through. Try again.'],
    [{}, 'The request did not go through. Try again.'],
    [{ foo: { bar: 1 } }, 'The request did not go through. Try again.'],
    ['Wallet is locked', 'The request did not go through: Wallet is locked'],
    [new Error('Insufficient balance'), 'The request did not go through: Insufficient balance'],
    [new TypeError("Cannot read properties of undefined (reading 'request')"), 'The request did not go through. Try again.'],
    [new Error('a'.repeat(200)), 'The request did not go through. Try again.'],
  ])('%o → %s', (thrown, message) => {
    expect(describeError(thrown)).toMatchObject({ kind: 'unknown', title: 'Something went wrong', message });
  });

  it('Wallet Standard errors', () => {
    const rejected = Object.assign(new Error('User rejected the request'), { name: 'WalletStandardError', context: { __code: 4001000 } });
    expect(describeError(rejected).title).toBe('Request declined');
  });

  it('never shows "[object Object]", an empty sentence or a multi-line text, whatever is thrown (also through toError)', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }), fc.boolean(), (value, wrap) => {
        const { title, message } = describeError(wrap ? toError(value) : value);
        for (const text of [title, message]) {
          expect(text.trim()).not.toBe('');
          expect(text).not.toContain('[object');
          expect(text).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a wallet’s plain object keeps its meaning through toError (the connect attempt’s Error)', () => {
    expect(describeError(toError({ code: 4001, message: 'User denied account access' })).title).toBe('Request declined');
    expect(toError({ code: 4001, message: 'User denied account access' }).message).toBe('User denied account access');
    expect(toError({ code: 4001 }).message).toBe('The wallet failed without saying why');
    expect(String(toError({ nested: { x: 1 } }))).not.toContain('[object Object]');
    const error = new Error('kept');
    expect(toError(error)).toBe(error);
  });
});

describe('describeError: translations', () => {
  it('every kind has an English title and message key in the catalogue', () => {
    const kinds: ErrorKind[] = ['user-rejected', 'unauthorized', 'unsupported-method', 'disconnected', 'chain-disconnected', 'request-pending', 'unknown-chain', 'unsupported-chain', 'wallet-internal', 'network', 'node-refused', 'no-account', 'not-allowed', 'aborted', 'cancelled', 'unknown'];
    const samples: Record<ErrorKind, unknown> = {
      'user-rejected': { code: 4001 },
      unauthorized: { code: 4100 },
      'unsupported-method': { code: 4200 },
      disconnected: { code: 4900 },
      'chain-disconnected': { code: 4901 },
      'request-pending': { code: -32002 },
      'unknown-chain': { code: 4902 },
      'unsupported-chain': new ChainNotSupportedError(),
      'wallet-internal': { code: -32603 },
      network: new TypeError('Failed to fetch'),
      'node-refused': new JsonRpcError(-32000, '{}'),
      'no-account': new NoActiveCaipAddressError(),
      'not-allowed': new RpcMethodNotAllowedError('m'),
      aborted: new RequestAbortedError('m'),
      cancelled: new DOMException('aborted', 'AbortError'),
      unknown: {},
    };
    const english = Object.values(en) as string[];
    for (const kind of kinds) {
      expect(classifyError(samples[kind]).kind).toBe(kind);
      const { title, message } = describeError(samples[kind]);
      expect(english).toContain(title);
      expect(english).toContain(message);
    }
  });

  it('speaks the modal’s language when given its t (Arabic)', async () => {
    const i18n = createI18n();
    await i18n.setLocale('ar');
    expect(describeError({ code: -32002 }, i18n.t)).toMatchObject({ title: 'طلب بانتظارك', message: 'افتح محفظتك: هناك طلب بانتظارك' });
    expect(describeError(new NoActiveCaipAddressError(), i18n.t).message).toBe('لم تشارك المحفظة أي حساب. افتح قفلها أو أضف حسابًا ثم حاول مرة أخرى.');
  });
});

describe('describeError: a view that cannot be shown', () => {
  it('never shows the user an internal view id, whether the view is unknown or its chunk failed', () => {
    for (const error of [new ViewNotFoundError('OnRampProviders', 'no enabled plugin contributes it'), new ViewLoadError('OnRampProviders', new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/x.js'))]) {
      const { title, message } = describeError(error);
      expect(`${title} ${message}`).not.toMatch(/OnRampProviders|assets|View "/);
    }
  });
});
