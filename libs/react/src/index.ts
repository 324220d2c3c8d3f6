export { coreManifest } from './coreManifest';
export { corePlugin } from './corePlugin';
