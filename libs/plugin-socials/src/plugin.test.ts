import { checkImageUrl, createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { brandIcon } from './brandIcons';
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

  it('gives every provider its brand mark: an SVG data URL the image check accepts, with the mark’s path and colour', () => {
    const providers = load().contributions.list('socialProviders');
    for (const provider of providers) {
      expect(provider.icon, provider.id).toMatch(/^data:image\/svg\+xml,/);
      expect(checkImageUrl(provider.icon!, false)).toEqual({ ok: true, url: provider.icon });
      const svg = decodeURIComponent(provider.icon!.slice('data:image/svg+xml,'.length));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-6 -6 36 36"><rect [^>]+\/><path fill="#[0-9A-F]{6}" d="[^"]+"\/><\/svg>$/);
    }
    expect(new Set(providers.map((p) => p.icon)).size).toBe(providers.length);
  });

  it('refuses anything but a Simple Icons mark (no markup can be smuggled into the SVG)', () => {
    expect(() => brandIcon({ hex: 'FFFFFF"/><script>', path: 'M0 0h24v24H0z' })).toThrow(TypeError);
    expect(() => brandIcon({ hex: 'FFFFFF', path: 'M0 0"/><image href="https://x"/>' })).toThrow(TypeError);
  });
});
