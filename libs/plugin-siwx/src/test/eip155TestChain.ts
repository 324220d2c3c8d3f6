import { chainAdapterRef, definePlugin, kernelRefs, type AccountType, type ChainAdapter } from '@portico/kernel';
import { getAddress, isHex, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { siwxVerifierRef, type SiwxMessageFields, type SiwxVerifier } from '../api';

/** Anvil's first well-known test key: a real signer, never a real wallet. */
export const TEST_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Anvil's second test key, for signatures by the wrong account. */
export const OTHER_PRIVATE_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const createMessage = (fields: SiwxMessageFields) =>
  createSiweMessage({
    address: getAddress(fields.accountAddress),
    chainId: Number(fields.chainId.split(':')[1]),
    domain: fields.domain,
    nonce: fields.nonce,
    uri: fields.uri,
    version: '1',
    issuedAt: new Date(fields.issuedAt),
    expirationTime: fields.expirationTime ? new Date(fields.expirationTime) : undefined,
    statement: fields.statement,
  });

/**
 * A minimal EIP-4361 verifier with viem (EOA only), standing in for chain-eip155's
 * `createEip155Verifier`, which plugin-siwx may not import (plugins meet through `/api`).
 */
export const testEip155Verifier: SiwxVerifier = {
  namespace: 'eip155',
  createMessage,
  async verify({ data, message, signature }) {
    if (!isHex(signature) || message !== createMessage(data)) return false;
    const address = getAddress(data.accountAddress);
    if (!validateSiweMessage({ message: parseSiweMessage(message), address, domain: data.domain, nonce: data.nonce })) return false;
    return verifyMessage({ address, message, signature }).catch(() => false);
  },
};

/**
 * An in-memory eip155 chain plugin whose adapter signs with a viem local account, and
 * registers `testEip155Verifier`. `behaviour` can be changed while a test runs.
 */
export function eip155TestChain(options: { accountType?: AccountType; withVerifier?: boolean } = {}) {
  const account = privateKeyToAccount(TEST_PRIVATE_KEY);
  const wrong = privateKeyToAccount(OTHER_PRIVATE_KEY);
  /** `rejectWith`: thrown as it is (a wallet's plain object, a string) instead of signing. */
  const behaviour: { decline: boolean; signWithWrongKey: boolean; gate?: Promise<void>; rejectWith?: unknown } = { decline: false, signWithWrongKey: false };
  const calls: string[] = [];
  const caipAddress = `eip155:1:${account.address}`;
  const plugin = definePlugin({
    manifest: { id: 'chain-test-eip155', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'eip155', name: 'EVM', defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      ctx.onDispose(ctx.services.get(kernelRefs.connectors).register({ id: 'test-wallet', name: 'Test Wallet', type: 'ANNOUNCED', namespaces: ['eip155'] }, ctx.pluginId));
      const adapter: ChainAdapter = {
        namespace: 'eip155',
        async connect(id) {
          calls.push('connect');
          connection.setConnecting('eip155', id);
          connection.setConnected('eip155', { accounts: [{ address: caipAddress, type: options.accountType ?? 'eoa' }], network: 'eip155:1', connectorId: id });
        },
        async disconnect() {
          calls.push('disconnect');
          connection.setDisconnected('eip155');
        },
        // Like chain-eip155: the network changes, then the accounts move to the new chain id.
        async switchNetwork(network) {
          connection.setNetwork('eip155', network.caipNetworkId);
          const { accounts } = connection.get('eip155');
          connection.setAccounts('eip155', accounts.map((a) => ({ ...a, address: `${network.caipNetworkId}:${a.address.split(':')[2]}` })));
        },
        async signMessage(message) {
          calls.push('signMessage');
          await behaviour.gate;
          if (behaviour.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          if (behaviour.rejectWith !== undefined) throw behaviour.rejectWith;
          return (behaviour.signWithWrongKey ? wrong : account).signMessage({ message });
        },
      };
      ctx.services.register(chainAdapterRef('eip155'), { useValue: adapter });
      if (options.withVerifier !== false) ctx.services.register(siwxVerifierRef('eip155'), { useValue: testEip155Verifier });
    },
  });
  return { plugin, account, caipAddress, calls, behaviour };
}
