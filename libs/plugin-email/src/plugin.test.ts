import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { emailPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [emailPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('emailPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(emailPlugin.manifest)).not.toThrow();
  });

  it('offers the email connect method first, behind the email flag (on by default)', () => {
    const kernel = load();
    expect(kernel.contributions.list('connectMethods').map((m) => [m.id, m.order])).toEqual([['email', 10]]);
    expect(kernel.flags.get('email')).toMatchObject({ value: true, source: 'default', owner: 'email' });
    expect(kernel.contributions.list('connectorGroups')[0]).toMatchObject({ connectorType: 'AUTH' });
  });

  it('is not loaded when the host turns email off', () => {
    const kernel = load({ email: false });
    expect(kernel.plugins.get('email')).toMatchObject({ status: 'disabled', disabledBy: 'email' });
    expect(kernel.contributions.list('connectMethods')).toEqual([]);
  });
});
