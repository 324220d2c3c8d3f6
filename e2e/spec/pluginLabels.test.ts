import { BUILTIN_LOCALES, en as coreEnglish, lazyEnglish, type PluginMessages } from '@portico/core';
import { manifestLabels } from '@portico/core/testing';
import type { PluginDefinition } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { allPlugins } from './allPlugins';

/** The first-party plugins that bring labels of their own (the core and the modal translate theirs in the core's catalogue). */
const labelled = allPlugins.filter((plugin) => !['core', 'modal'].includes(plugin.manifest.id));
const LOCALES = Object.keys(BUILTIN_LOCALES);

async function catalogueOf(plugin: PluginDefinition): Promise<PluginMessages> {
  const module = (await plugin.messages!()) as { messages?: PluginMessages };
  return module.messages!;
}

describe('every first-party plugin translates its own manifest labels (#39)', () => {
  it('finds the plugins', () => {
    expect(labelled.map((p) => p.manifest.id).sort()).toEqual(
      ['chain-bip122', 'chain-eip155', 'chain-solana', 'email', 'history', 'onramp', 'receive', 'send', 'siwx', 'smart-sessions', 'socials', 'swaps', 'walletconnect'].sort(),
    );
  });

  it.each(labelled.map((plugin) => [plugin.manifest.id, plugin] as const))('%s: its messages module holds its labels in English, word for word as its manifest says', async (_, plugin) => {
    expect(plugin.messages, 'definePlugin({ messages })').toBeTypeOf('function');
    const labels = manifestLabels(plugin.manifest);
    expect(Object.keys(labels).length).toBeGreaterThan(0);
    const { en } = await catalogueOf(plugin);
    expect(Object.fromEntries(Object.keys(labels).map((key) => [key, en[key]]))).toEqual(labels);
  });

  it.each(labelled.map((plugin) => [plugin.manifest.id, plugin] as const))('%s: and translates every one of them into each of the 13 languages', async (_, plugin) => {
    const labels = Object.keys(manifestLabels(plugin.manifest));
    const { locales } = await catalogueOf(plugin);
    expect(Object.keys(locales).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const translation = (await locales[locale]!()).default as Record<string, string | undefined>;
      const missing = labels.filter((key) => !translation[key]);
      expect(missing, `${plugin.manifest.id} in ${locale}`).toEqual([]);
    }
  });

  it("the core's catalogue holds none of them: no plugin's label is the core's to translate", () => {
    const pluginKeys = labelled.flatMap((plugin) => Object.keys(manifestLabels(plugin.manifest)));
    const core = { ...coreEnglish, ...lazyEnglish };
    expect(pluginKeys.filter((key) => key in core)).toEqual([]);
  });
});
