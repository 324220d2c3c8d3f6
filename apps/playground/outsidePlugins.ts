// The playground loads plugins from outside the repository by configuration:
//   PORTICO_PLUGINS=/path/to/my-plugin.ts,@acme/portico-chain npm start        (with every local service)
//   PORTICO_PLUGINS=./my-plugin.ts npm run playground                            (the playground alone)
// Each module's default export is a Portico plugin (`definePlugin`/`defineChainPlugin`), a
// list of plugins, or `{ plugins?, networks? }` (the networks the plugins serve). A relative path
// is read from where npm was run. Bare names resolve from the module's own node_modules; the
// kernel, core, React layer, UI kit, siwx and WalletConnect plugins, React and zod always resolve
// to this workspace's copies (vite `resolve.dedupe`), so an outside plugin shares the kernel.
import { isAbsolute, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const VIRTUAL_ID = 'virtual:portico-outside-plugins';

/** The module specifiers in `PORTICO_PLUGINS` (paths made absolute from `cwd`: where npm was run, `INIT_CWD`, when npm ran it). */
export function outsideModules(spec = process.env['PORTICO_PLUGINS'] ?? '', cwd = process.env['INIT_CWD'] ?? process.cwd()): string[] {
  return spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => (entry.startsWith('.') || isAbsolute(entry) ? resolve(cwd, entry) : entry));
}

/** The virtual module's code: imports each module and checks what it exports. */
export function outsideModuleCode(modules: readonly string[]): string {
  const imports = modules.map((id, i) => `import * as m${i} from ${JSON.stringify(id)};`).join('\n');
  return `${imports}
const isPlugin = (v) => typeof v === 'object' && v !== null && typeof v.manifest === 'object' && v.manifest !== null;
function read(module, id) {
  const value = module.default;
  const found = isPlugin(value) ? { plugins: [value] } : Array.isArray(value) ? { plugins: value } : value && typeof value === 'object' ? value : undefined;
  const plugins = found?.plugins ?? [];
  if (!Array.isArray(plugins) || plugins.length === 0 || !plugins.every(isPlugin)) {
    throw new TypeError('PORTICO_PLUGINS: "' + id + '" must export default a Portico plugin, a list of plugins or { plugins, networks }');
  }
  return { plugins, networks: Array.isArray(found.networks) ? found.networks : [] };
}
const loaded = [${modules.map((id, i) => `read(m${i}, ${JSON.stringify(id)})`).join(', ')}];
export const outsidePlugins = loaded.flatMap((m) => m.plugins);
export const outsideNetworks = loaded.flatMap((m) => m.networks);
`;
}

/** The Vite plugin serving `virtual:portico-outside-plugins`. */
export function porticoOutsidePlugins(spec?: string, cwd?: string): Plugin {
  const modules = outsideModules(spec, cwd);
  return {
    name: 'portico-outside-plugins',
    resolveId: (id: string) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id: string) => (id === `\0${VIRTUAL_ID}` ? outsideModuleCode(modules) : undefined),
  };
}
