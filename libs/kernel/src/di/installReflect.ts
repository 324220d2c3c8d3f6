// Installs the Reflect metadata polyfill tsyringe checks for when it loads. It is an ES
// module of its own (declared in package.json "sideEffects") because reflect-metadata is
// CommonJS: a bare `import 'reflect-metadata'` next to `import 'tsyringe'` becomes a lazy
// require that bundlers run after tsyringe's body, and tsyringe then throws.
// The library's documented `lite` entry: the same API without its Map/Set/WeakMap polyfills
// for pre-ES2015 runtimes (about 1 KiB gzip less on every host's first load).
import 'reflect-metadata/lite';
