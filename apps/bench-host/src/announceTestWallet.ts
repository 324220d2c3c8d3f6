import { ANVIL_ACCOUNT_0, createTestWallet } from '@portico/chain-eip155/testing';

const rpc = new URLSearchParams(location.search).get('evm') ?? '';
const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { 31337: rpc }, chainId: 31337, storage: localStorage });
wallet.announce(window, {
  uuid: crypto.randomUUID(),
  name: 'Bench Wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  rdns: 'dev.portico.benchwallet',
});
