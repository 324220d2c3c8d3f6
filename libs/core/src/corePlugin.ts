import { definePlugin } from '@portico/kernel';
import { coreManifest } from './coreManifest';

/** The plugin every Portico instance loads first: the core's flags and alerts (no views; a binding brings those as its shell). */
export const corePlugin = definePlugin({ manifest: coreManifest });
