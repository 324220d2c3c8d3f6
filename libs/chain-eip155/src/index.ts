export { manifest as chainEip155Manifest } from './manifest';
export { chainEip155Plugin } from './plugin';
export { CHAIN_EIP155_PLUGIN_ID, EIP155_NAMESPACE } from './api';
export { EIP155_CONFIRM_METHODS, EIP155_REJECT_METHODS, EIP155_SAFE_METHODS } from './rpcPolicy';
