import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectorPreparerRef } from './connectorPreparerRef';

describe('connectorPreparerRef', () => {
  it('names one service per connector id, valid for any id, and never the same for two ids', () => {
    expect(connectorPreparerRef('walletConnect').id).toBe('connector-preparer/cwallet-0043onnect');
    expect(connectorPreparerRef('io.metamask').id).toBe('connector-preparer/cio.metamask');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), (a, b) => {
        expect(() => connectorPreparerRef(a)).not.toThrow();
        if (a !== b) expect(connectorPreparerRef(a).id).not.toBe(connectorPreparerRef(b).id);
      }),
    );
  });
});
