// `npm run registry`: a local npm registry with every Portico library published to it, for
// trying a plugin of your own the way a host installs it (docs/plugins.md). Verdaccio on
// 127.0.0.1 (PORTICO_REGISTRY_PORT, default 4873), its storage in a temporary folder deleted
// when it stops (Ctrl-C); `@portico/*` comes only from what is published to it, the rest from
// the npm registry this machine uses.
import { libraries, stageLibrary, versionsOf } from './packages.mjs';
import { publishTo, startRegistry } from './registry.mjs';
import { ensureInstalled } from './workspace.mjs';

ensureInstalled();
const port = Number(process.env.PORTICO_REGISTRY_PORT ?? 4873);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORTICO_REGISTRY_PORT must be a port number, not ${JSON.stringify(process.env.PORTICO_REGISTRY_PORT)}`);
const registry = await startRegistry({ port });
/**
 * Ctrl-C reaches npm, this process and Verdaccio at once, and npm passes it on again: one stop,
 * whichever signal comes first, and the later ones wait for it (`on`, not `once`).
 */
let stopping;
const stop = () =>
  (stopping ??= registry.stop().then(() => {
    console.log(`\nstopped; ${registry.dir} deleted`);
    process.exit(0);
  }));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  const libs = libraries();
  const versions = versionsOf(libs);
  for (const lib of libs) {
    publishTo(registry, await stageLibrary(lib, versions));
    console.log(`published ${lib.pkg.name}@${lib.pkg.version}`);
  }
} catch (error) {
  await registry.stop();
  throw error;
}
console.log(`
Portico's libraries are on ${registry.url}

  publish your plugin:  npm publish --userconfig ${registry.npmrc}
                        (that file names this registry and holds a publisher's token)
  install in a host:    put "@portico:registry=${registry.url}" in the host's .npmrc, then npm install as usual

Ctrl-C stops the registry and deletes what was published to it.`);
