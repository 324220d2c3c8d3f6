import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCaip122Fields, formatCaip122Message, isCaip122Current, type Caip122Fields } from './caip122';

const fields: Caip122Fields = {
  domain: 'app.example.com',
  accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  uri: 'https://app.example.com/login',
  version: '1',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'k3Jd82nQp0aZ',
  issuedAt: '2026-11-22T10:00:00.000Z',
};

describe('formatCaip122Message', () => {
  it('writes the Sign-In-With-Solana layout: one blank line before URI without a statement, chain reference after Version', () => {
    expect(formatCaip122Message(fields, 'Solana')).toBe(
      [
        'app.example.com wants you to sign in with your Solana account:',
        '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
        '',
        'URI: https://app.example.com/login',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: k3Jd82nQp0aZ',
        'Issued At: 2026-11-22T10:00:00.000Z',
      ].join('\n'),
    );
  });

  it('adds the statement and every optional field in CAIP-122 order', () => {
    const text = formatCaip122Message(
      { ...fields, statement: 'Sign in to Example', expirationTime: '2026-11-23T10:00:00.000Z', notBefore: '2026-11-22T09:00:00Z', requestId: 'r-1', resources: ['https://a.example/1', 'ipfs://b'] },
      'Bitcoin',
    );
    expect(text.split('\n')).toEqual([
      'app.example.com wants you to sign in with your Bitcoin account:',
      '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      '',
      'Sign in to Example',
      '',
      'URI: https://app.example.com/login',
      'Version: 1',
      'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'Nonce: k3Jd82nQp0aZ',
      'Issued At: 2026-11-22T10:00:00.000Z',
      'Expiration Time: 2026-11-23T10:00:00.000Z',
      'Not Before: 2026-11-22T09:00:00Z',
      'Request ID: r-1',
      'Resources:',
      '- https://a.example/1',
      '- ipfs://b',
    ]);
  });

  it('refuses fields that would forge extra lines, bad dates, short nonces and non-CAIP-2 chains, naming the field', () => {
    expect(() => formatCaip122Message({ ...fields, statement: 'hi\nURI: https://evil.example' }, 'Solana')).toThrow('statement must be one line');
    expect(() => formatCaip122Message({ ...fields, issuedAt: 'yesterday' }, 'Solana')).toThrow('issuedAt must be an RFC 3339 date-time');
    expect(() => formatCaip122Message({ ...fields, nonce: 'abc' }, 'Solana')).toThrow('nonce must be at least 8 alphanumeric characters');
    expect(() => formatCaip122Message({ ...fields, chainId: 'mainnet' }, 'Solana')).toThrow('chainId must be a CAIP-2 id');
    expect(() => formatCaip122Message({ ...fields, domain: '' }, 'Solana')).toThrow('domain must be a non-empty string');
  });
});

describe('checkCaip122Fields (the rule both message builders share)', () => {
  const TERMINATORS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029'];
  const ONE_LINE = ['domain', 'accountAddress', 'uri', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'statement', 'scheme'] as const;

  it('refuses a line terminator of any kind in any field, naming the field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ONE_LINE), fc.constantFrom(...TERMINATORS), fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (name, terminator, before, after) => {
        expect(() => checkCaip122Fields({ ...fields, [name]: `${before}${terminator}${after}` })).toThrow(new RegExp(`^${name} must be one line`));
      }),
      { numRuns: 500 },
    );
    for (const t of TERMINATORS) expect(() => checkCaip122Fields({ ...fields, resources: ['https://a.example/', `https://b.example/${t}`] })).toThrow('resources must be one line');
  });

  it('refuses any other control character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ONE_LINE), fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f), (name, code) => {
        expect(() => checkCaip122Fields({ ...fields, [name]: `a${String.fromCharCode(code)}b` })).toThrow(new RegExp(`^${name} must`));
      }),
    );
  });

  it('refuses a domain that is not an RFC 3986 authority, such as one that forges the first line', () => {
    for (const domain of ['evil.example wants you to sign in with your Solana account:', 'a b', 'app.example.com/path', 'https://app.example.com', 'app.example.com#x', 'host:port']) {
      expect(() => formatCaip122Message({ ...fields, domain }, 'Solana')).toThrow('domain must be an RFC 3986 authority');
    }
    for (const domain of ['app.example.com', 'localhost:3000', '127.0.0.1:5173', '[::1]:8080', 'user@app.example.com', 'xn--bcher-kva.example']) {
      expect(() => checkCaip122Fields({ ...fields, domain })).not.toThrow();
    }
  });

  it('refuses instead of rewriting: version other than 1, dates that are not RFC 3339, URIs with spaces', () => {
    expect(() => checkCaip122Fields({ ...fields, version: '2' })).toThrow('version must be "1"');
    expect(() => checkCaip122Fields({ ...fields, expirationTime: '2026-11-22 10:00:00Z' })).toThrow('expirationTime must be an RFC 3339 date-time');
    expect(() => checkCaip122Fields({ ...fields, uri: 'https://app.example.com/a b' })).toThrow('uri must be an absolute RFC 3986 URI');
    expect(() => checkCaip122Fields({ ...fields, resources: ['not a uri'] })).toThrow('each of resources must be an absolute RFC 3986 URI');
    expect(() => checkCaip122Fields({ ...fields, requestId: 'a/b' })).toThrow('requestId may hold only RFC 3986 path characters');
  });

  it('writes the scheme before the domain when there is one, and every value exactly as given', () => {
    const text = formatCaip122Message({ ...fields, scheme: 'https', issuedAt: '2026-11-22T10:00:00+01:00' }, 'Solana');
    expect(text.split('\n')[0]).toBe('https://app.example.com wants you to sign in with your Solana account:');
    expect(text).toContain('Issued At: 2026-11-22T10:00:00+01:00');
  });
});

describe('isCaip122Current', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('checks the expiration, not-before and domain binding', () => {
    expect(isCaip122Current({ ...fields, expirationTime: '2026-11-22T12:00:01Z' }, now)).toBe(true);
    expect(isCaip122Current({ ...fields, expirationTime: '2026-11-22T12:00:00Z' }, now)).toBe(false);
    expect(isCaip122Current({ ...fields, notBefore: '2026-11-22T12:00:01Z' }, now)).toBe(false);
    expect(isCaip122Current(fields, now, 'app.example.com')).toBe(true);
    expect(isCaip122Current(fields, now, 'evil.example')).toBe(false);
    expect(isCaip122Current({ ...fields, issuedAt: 'garbage' }, now)).toBe(false);
  });

  it('binds a message that names a scheme to the expected one (case-insensitive, RFC 3986); one naming none is not refused for it', () => {
    expect(isCaip122Current({ ...fields, scheme: 'https' }, now, 'app.example.com', 'https')).toBe(true);
    expect(isCaip122Current({ ...fields, scheme: 'HTTPS' }, now, 'app.example.com', 'https')).toBe(true);
    expect(isCaip122Current({ ...fields, scheme: 'http' }, now, 'app.example.com', 'https')).toBe(false);
    expect(isCaip122Current({ ...fields, scheme: 'https' }, now, undefined, 'http')).toBe(false);
    expect(isCaip122Current(fields, now, 'app.example.com', 'https')).toBe(true);
    // No expected scheme: not checked (as before).
    expect(isCaip122Current({ ...fields, scheme: 'http' }, now, 'app.example.com')).toBe(true);
  });

  it('writes the scheme the builder is given, for any scheme the ABNF allows', () => {
    for (const scheme of ['https', 'http', 'web+siwe', 'a1.b-c']) {
      expect(formatCaip122Message({ ...fields, scheme }, 'Bitcoin').split('\n')[0]).toBe(`${scheme}://app.example.com wants you to sign in with your Bitcoin account:`);
    }
    expect(() => formatCaip122Message({ ...fields, scheme: 'https:' }, 'Bitcoin')).toThrow('scheme must be an RFC 3986 URI scheme');
  });
});
