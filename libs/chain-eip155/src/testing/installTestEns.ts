import { createPublicClient, createWalletClient, http, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { mainnet } from 'viem/chains';
import { packetToBytes } from 'viem/ens';
import { testContract } from './compileTestContracts';
import { ANVIL_ACCOUNT_0 } from './createTestWallet';
import { startAnvil, type AnvilNode } from './startAnvil';

/** One account's ENS records for `installTestEns`. */
export interface TestEnsRecord {
  address: Address;
  name: string;
  /** The `avatar` text record. */
  avatar?: string;
}

/**
 * Puts the test Universal Resolver (`contracts/TestEnsUniversalResolver.sol`) at mainnet's
 * Universal Resolver address on a local node started with chain id 1 (`anvil_setCode`),
 * and writes primary names, their addresses and avatar records into it with real transactions.
 */
export async function installTestEns(rpcUrl: string, records: readonly TestEnsRecord[]): Promise<Address> {
  const resolver = testContract('TestEnsUniversalResolver');
  const address = mainnet.contracts.ensUniversalResolver.address;
  const transport = http(rpcUrl);
  const reader = createPublicClient({ chain: mainnet, transport });
  await reader.request({ method: 'anvil_setCode' as 'eth_chainId', params: [address, resolver.deployedBytecode] as never });
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey), chain: mainnet, transport });
  const wait = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`ENS record transaction ${hash} reverted`);
  };
  for (const record of records) {
    await wait(await wallet.writeContract({ address, abi: resolver.abi, functionName: 'setName', args: [record.address, record.name] }));
    const dnsName = toHex(packetToBytes(record.name));
    // The name resolves to the account too (forward resolution, for a recipient typed as a name).
    await wait(await wallet.writeContract({ address, abi: resolver.abi, functionName: 'setAddr', args: [dnsName, record.address] }));
    if (record.avatar !== undefined) await wait(await wallet.writeContract({ address, abi: resolver.abi, functionName: 'setText', args: [dnsName, 'avatar', record.avatar] }));
  }
  return address;
}

/** The test wallet's ENS avatar: a small SVG as a base64 `data:` URL (ENSIP-12 on-chain image). */
export const TEST_ENS_AVATAR = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b5bd6"/><circle cx="32" cy="26" r="12" fill="#fff"/><rect x="14" y="42" width="36" height="14" rx="7" fill="#fff"/></svg>',
).toString('base64')}`;

/** The primary name the test wallet's account (anvil's first dev key) has on the local mainnet. */
export const TEST_ENS_NAME = 'portico.eth';

/**
 * Starts a local node standing in for Ethereum mainnet (chain id 1) where anvil's first dev
 * account has the primary name `portico.eth` and an avatar: what the playground and the
 * browser tests show ENS with.
 */
export async function startLocalMainnet(): Promise<AnvilNode> {
  const node = await startAnvil({ chainId: 1 });
  try {
    await installTestEns(node.url, [{ address: ANVIL_ACCOUNT_0.address, name: TEST_ENS_NAME, avatar: TEST_ENS_AVATAR }]);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}
