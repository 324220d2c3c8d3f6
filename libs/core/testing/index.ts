/** `@portico/core/testing`: a chain plugin for a made-up `acme` namespace, for tests of Portico and its bindings. */
export { acmeChain, acmeNetworks } from './acmeChain';
export { manifestLabels } from './manifestLabels';
