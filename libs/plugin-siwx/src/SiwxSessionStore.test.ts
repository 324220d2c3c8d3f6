import { createMemoryStorage } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import type { SiwxSession } from './api';
import { isSessionExpired, sessionMatches, SiwxSessionStore } from './SiwxSessionStore';

const ADDRESS = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const session = (overrides: Partial<SiwxSession['data']> = {}): SiwxSession => ({
  data: {
    nonce: 'abcdefgh1234',
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    version: '1',
    issuedAt: '2026-01-01T00:00:00.000Z',
    expirationTime: '2026-01-02T00:00:00.000Z',
    chainId: 'eip155:1',
    accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    ...overrides,
  },
  message: 'm',
  signature: '0x01',
});

describe('SiwxSessionStore', () => {
  it('keeps sessions by CAIP-10 address and removes them', () => {
    const storage = createMemoryStorage();
    const store = new SiwxSessionStore(storage);
    store.set(ADDRESS, session());
    expect(new SiwxSessionStore(storage).get(ADDRESS)).toEqual(session());
    expect(store.remove(ADDRESS)).toBe(true);
    expect(store.remove(ADDRESS)).toBe(false);
    expect(storage.dump()).toEqual({});
  });

  it('discards corrupt, foreign or mis-keyed data instead of throwing', () => {
    expect(new SiwxSessionStore(createMemoryStorage({ sessions: '{not json' })).all()).toEqual({});
    expect(new SiwxSessionStore(createMemoryStorage({ sessions: '42' })).all()).toEqual({});
    const mixed = { [ADDRESS]: session(), 'eip155:1:0x0000000000000000000000000000000000000001': session(), 'eip155:1:0xabc': { data: {} } };
    expect(Object.keys(new SiwxSessionStore(createMemoryStorage({ sessions: JSON.stringify(mixed) })).all())).toEqual([ADDRESS]);
  });

  it('knows expiry and which address a session belongs to', () => {
    const now = Date.parse('2026-01-01T12:00:00.000Z');
    expect(isSessionExpired(session(), now)).toBe(false);
    expect(isSessionExpired(session({ expirationTime: '2026-01-01T11:59:59.999Z' }), now)).toBe(true);
    expect(isSessionExpired(session({ expirationTime: 'yesterday' }), now)).toBe(true);
    expect(isSessionExpired(session({ expirationTime: undefined }), now)).toBe(false);
    expect(sessionMatches(session(), ADDRESS.toLowerCase())).toBe(true);
    expect(sessionMatches(session({ chainId: 'eip155:10' }), ADDRESS)).toBe(false);
  });
});
