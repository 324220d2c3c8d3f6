import { describe, expect, it } from 'vitest';
import { formatCaip122Message, isCaip122Current, type Caip122Fields } from './caip122';

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
});
