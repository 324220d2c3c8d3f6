export { manifest as chainBip122Manifest } from './manifest';
export { chainBip122Plugin } from './plugin';
export { CHAIN_BIP122_PLUGIN_ID, BIP122_NAMESPACE } from './api';
export { BIP122_CONFIRM_METHODS, BIP122_SAFE_METHODS } from './rpcPolicy';
