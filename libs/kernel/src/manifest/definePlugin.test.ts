import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineManifest, definePlugin, type ViewIdsOf } from '../../test/internals';
import { kernelFactory } from '../../test/helpers';

const manifest = defineManifest({
  id: 'acme-feature',
  version: '1.0.0',
  kernel: '^0.1.0',
  contributes: { views: [{ id: 'AcmeHome', title: 'Acme' }, { id: 'AcmeDetails', title: 'Details' }] },
});

const HomeView = { default: 'AcmeHome component' };

describe('defineManifest / definePlugin', () => {
  it('defineManifest keeps the literal view ids in the type', () => {
    expectTypeOf<ViewIdsOf<typeof manifest>>().toEqualTypeOf<'AcmeHome' | 'AcmeDetails'>();
    expect(defineManifest(manifest)).toBe(manifest);
  });

  it('rejects, at type level, a view loader the manifest does not declare', () => {
    const broken = definePlugin({
      manifest,
      views: {
        AcmeHome: async () => HomeView,
        // @ts-expect-error "NotDeclared" is not a view of this manifest.
        NotDeclared: async () => HomeView,
      },
    });
    // Nothing is checked at run time: the definition is returned as it is.
    expect(Object.keys(broken.views ?? {})).toEqual(['AcmeHome', 'NotDeclared']);
  });

  it('accepts loaders for declared views only, and returns the definition unchanged', () => {
    const activate = () => undefined;
    const views = { AcmeHome: async () => HomeView };
    const definition = definePlugin({ manifest, activate, views });
    expect(definition.manifest).toBe(manifest);
    expect(definition.activate).toBe(activate);
    expect(definition.views).toBe(views);
  });

  it('accepts a plugin without views or activate', () => {
    const definition = definePlugin({ manifest: defineManifest({ id: 'bare', version: '0.0.1', kernel: '^1.0.0' }) });
    expect(definition.views).toBeUndefined();
    expect(definition.activate).toBeUndefined();
  });

  describe('at run time', () => {
    const makeKernel = kernelFactory();

    it('a plugin made with definePlugin loads in a kernel and serves its declared view', async () => {
      const activated: string[] = [];
      const kernel = makeKernel({
        plugins: [
          definePlugin({
            manifest,
            activate: (ctx) => void activated.push(ctx.pluginId),
            views: { AcmeHome: async () => HomeView },
          }),
        ],
      });
      await kernel.start();
      expect(activated).toEqual(['acme-feature']);
      await expect(kernel.loadView('AcmeHome')).resolves.toBe(HomeView);
    });

    it('a view declared in the manifest but without a loader is not found', async () => {
      const kernel = makeKernel({ plugins: [definePlugin({ manifest, views: { AcmeHome: async () => HomeView } })] });
      await kernel.start();
      await expect(kernel.loadView('AcmeDetails')).rejects.toMatchObject({
        name: 'ViewNotFoundError',
        details: 'plugin "acme-feature" declares it but provides no loader',
      });
    });
  });
});
