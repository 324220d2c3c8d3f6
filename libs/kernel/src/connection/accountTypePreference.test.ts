import { describe, expect, it } from 'vitest';
import { preferredAccountTypeOf } from './accountTypePreference';
import type { NamespaceDirectory } from './NamespaceDirectory';

describe('preferredAccountTypeOf', () => {
  const directory: NamespaceDirectory = { known: () => new Set(['bip122']), defaultAccountType: () => 'payment', accountTypes: () => ['payment', 'ordinal'], nameOf: () => undefined };

  it('keeps a choice the plugin declares, else falls back to its default', () => {
    expect(preferredAccountTypeOf(directory, 'bip122', 'ordinal')).toBe('ordinal');
    expect(preferredAccountTypeOf(directory, 'bip122', 'eoa')).toBe('payment');
    expect(preferredAccountTypeOf(directory, 'bip122', undefined)).toBe('payment');
    expect(preferredAccountTypeOf({ ...directory, accountTypes: () => undefined }, 'bip122', 'eoa')).toBe('eoa');
  });
});
