import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { socialsPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [socialsPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('socialsPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(socialsPlugin.manifest)).not.toThrow();
  });

  it('lists the providers in the spec order: google, x, discord, farcaster, github, apple, facebook', () => {
    expect(load().contributions.list('socialProviders').map((p) => p.id)).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
  });

  it('lets a host reorder and hide providers by id', () => {
    const kernel = createKernel({
      plugins: [socialsPlugin],
      storage: createMemoryStorage(),
      logLevel: 'silent',
      contributions: { socialProviders: { order: ['github'], disabled: ['facebook', 'x'] } },
    });
    expect(kernel.contributions.list('socialProviders').map((p) => p.id)).toEqual(['github', 'google', 'discord', 'farcaster', 'apple']);
  });
});
