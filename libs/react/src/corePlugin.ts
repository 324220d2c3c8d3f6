import { definePlugin } from '@portico/kernel';
import { coreManifest } from './coreManifest';

/** The core plugin every Portico instance loads first; its views arrive with the modal. */
export const corePlugin = definePlugin({ manifest: coreManifest });
