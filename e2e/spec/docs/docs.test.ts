/**
 * The pages in docs/ say what the code does (issue #19): the configuration reference is the
 * config schema's options with their types, and each page's examples (the files beside this
 * one, shown byte for byte by the pages: tools/docs.test.mjs) run and do what the page says.
 * Type-checking them is e2e's typecheck (`npm test`'s typecheck step).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { porticoConfigSchema, createPortico as createHeadless } from '@portico/core';
import { ConfigInvalidError } from '@portico/kernel/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { configOptions, documentedOptions, type ConfigOption } from './configReference';
import { misconfigured } from './configInvalid';
import { config } from './configuration';

const ROOT = join(import.meta.dirname, '../../..');
const page = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');
const disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

/** The rows the schema has, as the page would write them (printed when the page differs). */
const rowsOf = (options: readonly ConfigOption[]) => options.map((o) => `| \`${o.path}\` | ${o.type ? `\`${o.type.replaceAll('|', '\\|')}\`` : '…'} | … | … |`).join('\n');

describe('docs/configuration.md', () => {
  const schema = configOptions(porticoConfigSchema);
  const documented = documentedOptions(page('configuration.md'));

  it('documents every option of the config schema, in its order, and nothing else', () => {
    expect(documented.map((d) => d.path), `the schema's options:\n${rowsOf(schema)}`).toEqual(schema.map((o) => o.path));
  });

  it("gives each option the schema's type where the schema states one, and a type for the others", () => {
    for (const option of schema) {
      const row = documented.find((d) => d.path === option.path)!;
      if (option.type) expect(row.type, option.path).toBe(option.type);
      else expect(row.type, option.path).not.toBe('');
    }
  });

  it('the reference reader sees through nesting, arrays of objects and the contribution points, and a drifted page fails', () => {
    expect(schema.map((o) => o.path)).toEqual(expect.arrayContaining(['networks[].rpcUrls.default.http', 'customWallets[].playStore', 'contributions.<point>.order', 'analytics.onEvent']));
    expect(schema.find((o) => o.path === 'themeMode')!.type).toBe("'light' | 'dark' | 'system'");
    expect(schema.find((o) => o.path === 'plugins')!.type).toBeUndefined();
    expect(documentedOptions("| `themeMode` | `'light' \\| 'dark'` | x | y |\n| `a.b` | `string[]` | | |")).toEqual([
      { path: 'themeMode', type: "'light' | 'dark'" },
      { path: 'a.b', type: 'string[]' },
    ]);
  });

  it('its complete example is a config createPortico accepts, with the networks, theme, flags and plugins it names', async () => {
    const portico = createHeadless(config);
    disposers.push(() => portico.dispose());
    expect(portico.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:10']);
    expect(portico.defaultNetwork).toBe('eip155:10');
    expect(portico.theme.getSnapshot()).toMatchObject({ mode: 'dark', variables: { accent: '#0a7d4f', borderRadius: '10px' } });
    expect(portico.kernel.flags.isEnabled('legalCheckbox')).toBe(true);
    expect(portico.kernel.flags.isEnabled('onramp')).toBe(false);
    expect(portico.kernel.plugins.getSnapshot().some((p) => p.id === 'chain-eip155')).toBe(true);
  });

  it('its malformed config throws the ConfigInvalidError the page shows, naming both fields', () => {
    const error = misconfigured();
    expect(error).toBeInstanceOf(ConfigInvalidError);
    const shown = /^\/\/ (ConfigInvalidError: .*)$/m.exec(readFileSync(join(import.meta.dirname, 'configInvalid.ts'), 'utf8'))![1];
    expect(`${(error as Error).name}: ${(error as Error).message}`).toBe(shown);
  });
});
