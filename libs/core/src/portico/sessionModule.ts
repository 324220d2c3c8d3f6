// What a Portico instance loads once the visitor acts rather than with the page: the connect,
// disconnect and network-switch actions and the wallet directory's listing code. One module,
// one chunk: `createPortico` imports it when the modal first opens (or an action is called).
export { connect } from '../actions/connect';
export { disconnect } from '../actions/disconnect';
export { switchNetwork } from '../actions/switchNetwork';
export { loadRegistryWallets, registerCustomWallets, registerDirectoryWallet } from './directoryWallets';
