export { manifest as socialsManifest } from './manifest';
export { socialsPlugin } from './plugin';
export { SOCIALS_PLUGIN_ID } from './api';
