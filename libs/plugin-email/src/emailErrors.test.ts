import { isPorticoError } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { IframeNotSetError } from './emailErrors';

describe('IframeNotSetError', () => {
  it('carries the spec’s exact message and a stable code', () => {
    const error = new IframeNotSetError();
    expect(error.message).toBe('iframe is not set');
    expect(error.code).toBe('email/iframe-not-set');
    expect(isPorticoError(error)).toBe(true);
  });
});
