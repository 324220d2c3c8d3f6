import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from '../../test/internals';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../../src/entries/errors';

const namespaceArb = fc.stringMatching(/^[-a-z0-9]{3,8}$/);
const referenceArb = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/);
const accountArb = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/);
/** Strings that favour colons, so part counts vary. */
const colonful = fc.array(fc.oneof(fc.constant(':'), fc.string({ maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join(''));
const anyInput = fc.oneof(fc.string(), colonful, fc.anything());

describe('parseCaipNetworkId', () => {
  it('never throws anything but InvalidCaipNetworkIdError', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        try {
          parseCaipNetworkId(value);
        } catch (error) {
          return error instanceof InvalidCaipNetworkIdError;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips every valid generated id', () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, (namespace, reference) => {
        const parsed = parseCaipNetworkId(`${namespace}:${reference}`);
        expect(parsed).toEqual({ namespace, reference });
        expect(`${parsed.namespace}:${parsed.reference}`).toBe(`${namespace}:${reference}`);
        expect(isCaipNetworkId(`${namespace}:${reference}`)).toBe(true);
      }),
    );
  });

  it('rejects anything without exactly two parts', () => {
    fc.assert(
      fc.property(colonful.filter((s) => s.split(':').length !== 2), (value) => {
        expect(() => parseCaipNetworkId(value)).toThrow(InvalidCaipNetworkIdError);
      }),
    );
  });

  it('rejects an empty namespace or reference', () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, (namespace, reference) => {
        expect(isCaipNetworkId(`${namespace}:`)).toBe(false);
        expect(isCaipNetworkId(`:${reference}`)).toBe(false);
      }),
    );
  });

  it.each(['acme:1', 'beta-net:mainnet', 'abc:A_b-9'])('accepts %s', (value) => {
    expect(isCaipNetworkId(value)).toBe(true);
  });

  it.each(['acme', 'acme:1:2', 'ac:1', 'ACME:1', 'toolongname:1', 'acme:has space', `acme:${'x'.repeat(33)}`, 42, null])(
    'rejects %j with "Invalid CAIP Network ID"',
    (value) => {
      expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP Network ID');
    },
  );
});

describe('parseCaipAddress / isCaipAddress', () => {
  it('never throws anything but InvalidCaipAddressError, with or without a namespace set', () => {
    fc.assert(
      fc.property(anyInput, fc.option(fc.uniqueArray(namespaceArb, { maxLength: 3 })), (value, known) => {
        try {
          parseCaipAddress(value, known ? new Set(known) : undefined);
        } catch (error) {
          return error instanceof InvalidCaipAddressError;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('isCaipAddress never throws and agrees with parseCaipAddress', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        let parses = true;
        try {
          parseCaipAddress(value);
        } catch {
          parses = false;
        }
        expect(isCaipAddress(value)).toBe(parses);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips every valid generated address', () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, accountArb, (namespace, reference, address) => {
        const value = `${namespace}:${reference}:${address}`;
        const parsed = parseCaipAddress(value, new Set([namespace]));
        expect(parsed).toEqual({ namespace, reference, address, networkId: `${namespace}:${reference}` });
        expect(`${parsed.networkId}:${parsed.address}`).toBe(value);
        expect(toCaipAddress(parsed.networkId, parsed.address)).toBe(value);
      }),
    );
  });

  it('rejects anything that does not have exactly three parts', () => {
    fc.assert(
      fc.property(colonful.filter((s) => s.split(':').length !== 3), (value) => {
        expect(isCaipAddress(value)).toBe(false);
      }),
    );
  });

  it('rejects three parts when any part is empty', () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, accountArb, fc.integer({ min: 0, max: 2 }), (namespace, reference, address, blank) => {
        const parts = [namespace, reference, address];
        parts[blank] = '';
        expect(isCaipAddress(parts.join(':'))).toBe(false);
      }),
    );
  });

  it('rejects a namespace outside the given set, and accepts it without a set', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(namespaceArb, { minLength: 2, maxLength: 4 }),
        referenceArb,
        accountArb,
        ([used, ...others], reference, address) => {
          const value = `${used!}:${reference}:${address}`;
          expect(isCaipAddress(value, new Set(others))).toBe(false);
          expect(isCaipAddress(value)).toBe(true);
          expect(isCaipAddress(value, new Set([used!]))).toBe(true);
        },
      ),
    );
  });

  it('uses the catalogue message "Invalid CAIP Address" and explains in details', () => {
    let caught: unknown;
    try {
      parseCaipAddress('zeta:1:0xabc', new Set(['acme']));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidCaipAddressError);
    expect((caught as InvalidCaipAddressError).message).toBe('Invalid CAIP Address');
    expect((caught as InvalidCaipAddressError).details).toBe('namespace "zeta" is not provided by any enabled chain plugin');
  });

  it.each(['acme:1:0xAbC', 'acme:mainnet:user.name', 'beta:ref_1:a%20b'])('accepts %s', (value) => {
    expect(isCaipAddress(value)).toBe(true);
  });

  it.each(['acme:1', 'acme:1:0xab:extra', 'acme::0xab', 'ACME:1:0xab', 'acme:1:has space', 'acme:1:a/b', 7, undefined])('rejects %j', (value) => {
    expect(isCaipAddress(value)).toBe(false);
  });

  it('toCaipAddress refuses an invalid result', () => {
    expect(() => toCaipAddress('acme:1', 'has space')).toThrow(InvalidCaipAddressError);
    expect(() => toCaipAddress('acme', 'abc')).toThrow(InvalidCaipAddressError);
  });
});
