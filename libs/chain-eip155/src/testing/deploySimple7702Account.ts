import { createRequire } from 'node:module';
import { concat, createPublicClient, createWalletClient, defineChain, getContractAddress, http, pad, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from './createTestWallet';

/** The CREATE2 deployer anvil (like most chains) has at this address. */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const SALT = pad('0x0', { size: 32 });

/** eth-infinitism's Simple7702Account 0.8 as published (`@account-abstraction/contracts/artifacts`). */
function simple7702Bytecode(): Hex {
  const json = createRequire(import.meta.url)('@account-abstraction/contracts/artifacts/Simple7702Account.json') as { bytecode: string };
  return (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex;
}

/**
 * Deploys eth-infinitism's `Simple7702Account` (ERC-4337 0.8's EIP-7702 account: `execute`,
 * `executeBatch` from the account itself or the EntryPoint, ERC-1271 by the account's own key)
 * through the CREATE2 deployer, so its address is the same on every local chain; an EOA
 * delegates to it with an EIP-7702 authorization. Resolves the address (already there: nothing sent).
 */
export async function deploySimple7702Account(rpcUrl: string): Promise<Address> {
  const bytecode = simple7702Bytecode();
  const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: SALT, bytecode });
  const transport = http(rpcUrl);
  const reader = createPublicClient({ transport });
  if (((await reader.getCode({ address })) ?? '0x') !== '0x') return address;
  if (((await reader.getCode({ address: CREATE2_DEPLOYER })) ?? '0x') === '0x') throw new Error(`The chain at ${rpcUrl} has no CREATE2 deployer at ${CREATE2_DEPLOYER}`);
  const chain = defineChain({ id: await reader.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  // Anvil's eighth dev account: no test wallet's nonce or balance moves.
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_DEV_KEYS[7]), chain, transport });
  const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([SALT, bytecode]) });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || ((await reader.getCode({ address })) ?? '0x') === '0x') throw new Error(`Deploying Simple7702Account failed in ${hash}`);
  return address;
}
