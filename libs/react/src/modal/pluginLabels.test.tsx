// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { pluginLabel, type Portico } from '@portico/core';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPortico } from '../createPortico';
import { ready } from './ModalRoot';

/** A plugin whose catalogue (`messages`) translates its view's title, counting the loads of its module. */
function labelled(id: string, module: () => Promise<unknown>) {
  const loads = vi.fn(module);
  const plugin = definePlugin({
    manifest: { id, version: '0.1.0', kernel: '^0.1.0', contributes: { views: [{ id: `${id}-view`, title: 'Treasure' }] } },
    messages: loads,
  });
  return { plugin, loads };
}

const live: Portico[] = [];
afterEach(async () => void (await Promise.all(live.splice(0).map((p) => p.dispose()))));

async function modalFor(locale: string, ...plugins: ReturnType<typeof labelled>['plugin'][]) {
  const warnings: string[] = [];
  const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [acmeChain().plugin, ...plugins], storage: createMemoryStorage(), locale, logLevel: 'silent' });
  live.push(portico);
  vi.spyOn(portico.kernel.logger, 'warn').mockImplementation((message: string, ...data: unknown[]) => void warnings.push(`${message} ${String(data[0])}`));
  await portico.start();
  await vi.waitFor(() => expect(portico.i18n.getSnapshot().loaded).toBe(locale), { timeout: 10_000 });
  ready(portico);
  return { portico, warnings };
}

// The catalogues and their translations are modules loaded on the way: a loaded machine takes seconds.
describe("the modal loads the enabled plugins' catalogues outside English (their manifest labels, before their views)", { timeout: 20_000 }, () => {
  it('English: never fetches them (the manifest is the English)', async () => {
    const { plugin, loads } = labelled('english-only', async () => ({ messages: { en: { 'views.english-only-view': 'Treasure' }, locales: {} } }));
    await modalFor('en', plugin);
    await new Promise((r) => setTimeout(r, 20));
    expect(loads).not.toHaveBeenCalled();
  });

  it('French: loads the module once its chunk is there, defines a plain catalogue, and its label reads in French', async () => {
    const fr = vi.fn(async () => ({ default: { 'views.chest-view': 'Trésor' } }));
    const { plugin, loads } = labelled('chest', async () => ({ messages: { en: { 'views.chest-view': 'Treasure' }, locales: { fr } } }));
    const { portico } = await modalFor('fr', plugin);
    await vi.waitFor(() => expect(pluginLabel('views.chest-view', 'fr')).toBe('Trésor'), { timeout: 10_000 });
    expect(loads).toHaveBeenCalled();
    expect(fr).toHaveBeenCalledTimes(1);
    // Switching language loads the new one's translation; the module itself is the same.
    await portico.i18n.setLocale('de');
    await vi.waitFor(() => expect(portico.i18n.getSnapshot().loaded).toBe('de'), { timeout: 10_000 });
    expect(pluginLabel('views.chest-view', 'de')).toBeUndefined();
    // Once a page: a language switch and the plugins' own changes do not call it again.
    await portico.kernel.plugins.activate('chest');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a module without a catalogue, or one that fails, is reported and the others still load', async () => {
    const broken = labelled('broken', async () => ({ nothing: true }));
    const failing = labelled('failing', () => Promise.reject(new Error('chunk gone')));
    const fine = labelled('fine', async () => ({ messages: { en: { 'views.fine-view': 'Treasure' }, locales: { fr: async () => ({ default: { 'views.fine-view': 'Trésor fin' } }) } } }));
    const { warnings } = await modalFor('fr', broken.plugin, failing.plugin, fine.plugin);
    await vi.waitFor(() => expect(pluginLabel('views.fine-view', 'fr')).toBe('Trésor fin'), { timeout: 10_000 });
    await vi.waitFor(() => expect(warnings).toHaveLength(2), { timeout: 10_000 });
    expect(warnings.join('\n')).toContain('expected { en, locales }');
    expect(warnings.join('\n')).toContain('chunk gone');
  });
});
