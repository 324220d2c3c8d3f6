// Installs the Reflect metadata polyfill tsyringe checks for when it loads. It is an ES
// module of its own (declared in package.json "sideEffects") because reflect-metadata is
// CommonJS: a bare `import 'reflect-metadata'` next to `import 'tsyringe'` becomes a lazy
// require that bundlers run after tsyringe's body, and tsyringe then throws.
import 'reflect-metadata';
