import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { siwxPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [siwxPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('siwxPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(siwxPlugin.manifest)).not.toThrow();
  });

  it('contributes the SIWXSignMessage view, without a close button', () => {
    expect(load().contributions.list('views')).toEqual([{ id: 'SIWXSignMessage', title: 'Sign in', closable: false, pluginId: 'siwx' }]);
  });
});
