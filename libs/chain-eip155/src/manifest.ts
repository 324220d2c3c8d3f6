import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';
import { EIP155_CONFIRM_METHODS, EIP155_REJECT_METHODS, EIP155_SAFE_METHODS } from './rpcPolicy';

/** Manifest of the EVM chain plugin: the eip155 namespace, its connectors and RPC policy. */
export const manifest = defineManifest({
  id: 'chain-eip155',
  version,
  kernel: '^0.1.0',
  displayName: 'EVM',
  namespaces: [{ id: 'eip155', name: 'Ethereum', accountTypes: ['eoa', 'smartAccount'], defaultAccountType: 'smartAccount' }],
  contributes: {
    connectorGroups: [
      { id: 'eip155-announced', group: 'injected', connectorType: 'ANNOUNCED', namespaces: ['eip155'], order: 10 },
      { id: 'eip155-injected', group: 'injected', connectorType: 'INJECTED', namespaces: ['eip155'], order: 20 },
      { id: 'eip155-external', group: 'external', connectorType: 'EXTERNAL', namespaces: ['eip155'] },
    ],
    // The spec has NFTs on eip155: the modal's NFT view, offered on this namespace.
    accountTabs: [{ id: 'nfts', label: 'NFTs', view: 'AccountNfts', namespaces: ['eip155'], order: 20 }],
    rpcPolicies: [
      {
        id: 'eip155',
        namespace: 'eip155',
        safe: EIP155_SAFE_METHODS,
        confirm: EIP155_CONFIRM_METHODS,
        reject: EIP155_REJECT_METHODS,
        // What the approval view shows of these requests.
        read: {
          eth_sendTransaction: { as: 'transfer', to: 'to', amount: 'value', chainId: 'chainId', data: ['data', 'input'] },
          personal_sign: { as: 'message', encoding: 'hexOrText' },
          eth_signTypedData_v4: { as: 'typedData' },
          wallet_sendCalls: { as: 'calls', calls: 'calls', to: 'to', amount: 'value', chainId: 'chainId', data: ['data'] },
        },
      },
    ],
  },
});
