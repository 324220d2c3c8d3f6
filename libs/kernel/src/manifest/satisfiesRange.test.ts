import { describe, expect, it } from 'vitest';
import { createRangeCheck, satisfiesRange } from './satisfiesRange';

describe('satisfiesRange', () => {
  it.each(['*', 'x', 'X', ' * ', 'latest'])('treats %j as any version', (range) => {
    expect(satisfiesRange('0.0.1', range)).toBe(true);
    expect(satisfiesRange('12.3.4', range)).toBe(true);
  });

  it('delegates other ranges to compare-versions', () => {
    expect(satisfiesRange('1.4.0', '^1.2.0')).toBe(true);
    expect(satisfiesRange('2.0.0', '^1.2.0')).toBe(false);
    expect(satisfiesRange('1.5.0', '>=1.2.0 <2.0.0')).toBe(true);
  });

  it('throws on a malformed range', () => {
    expect(() => satisfiesRange('1.0.0', 'one point oh')).toThrow();
  });
});

describe('createRangeCheck', () => {
  it('answers like satisfiesRange, and still throws on a malformed range every time', () => {
    const check = createRangeCheck();
    for (let i = 0; i < 2; i++) {
      expect(check('1.4.0', '^1.2.0')).toBe(true);
      expect(check('2.0.0', '^1.2.0')).toBe(false);
      expect(check('0.1.0', '*')).toBe(true);
      expect(() => check('1.0.0', 'one point oh')).toThrow();
    }
  });
});
