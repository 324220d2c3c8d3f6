import { describe, expect, it } from 'vitest';
import { themeVariablesToStyle } from './themeTokens';

describe('themeVariablesToStyle', () => {
  it('maps every variable to its custom property', () => {
    expect(
      themeVariablesToStyle({ accent: '#3b82f6', fontFamily: 'Inter, sans-serif', fontSizeBase: '16px', borderRadius: '8px', zIndex: 1000, overlay: 'rgba(0,0,0,.4)' }),
    ).toEqual({
      style: {
        '--portico-accent': '#3b82f6',
        '--portico-font-family': 'Inter, sans-serif',
        '--portico-font-size-base': '16px',
        '--portico-radius': '8px',
        '--portico-z-index': '1000',
        '--portico-overlay': 'rgba(0,0,0,.4)',
      },
      rejected: [],
    });
  });

  it.each([
    ['red; background: url(https://evil.example/x)'],
    ['url(javascript:alert(1))'],
    ['}</style><script>'],
    ['\\65 xpression'],
    [''],
  ])('rejects a value that could inject CSS: %s', (accent) => {
    expect(themeVariablesToStyle({ accent })).toEqual({ style: {}, rejected: ['accent'] });
  });

  it('rejects a non-integer z-index and unknown keys', () => {
    const result = themeVariablesToStyle({ zIndex: 1.5, bogus: 'x' } as never);
    expect(result.style).toEqual({});
    expect(result.rejected.sort()).toEqual(['bogus', 'zIndex']);
  });
});
