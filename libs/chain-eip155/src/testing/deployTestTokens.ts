import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { testContract } from './compileTestContracts';
import { ANVIL_ACCOUNT_0 } from './createTestWallet';

/** The local chain's test tokens, all held by anvil's first dev account (the test wallet's). */
export interface TestTokens {
  /** ERC-20, 6 decimals ("Test USD", tUSD), 1,000,000 minted. */
  usd: Address;
  /** ERC-20, 18 decimals ("Portico Token", PTK), 1,000,000 minted. */
  ptk: Address;
  /** ERC-20 with 0 decimals ("Dust", DUST): a low-quality token the Tokens tab filters out. */
  dust: Address;
  /** ERC-721 ("Portico Ducks", DUCK), ids 1-3, `data:` metadata with an SVG image. */
  ducks: Address;
  /** ERC-1155 ("Portico Badges"), ids 1-2 (5 and 1 minted). */
  badges: Address;
}

/** Multicall3's address on most EVM chains; the local chains get a compatible contract there. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Puts a Multicall3-compatible contract (aggregate3, getEthBalance) at its usual address on a local anvil. */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const reader = createPublicClient({ transport: http(rpcUrl) });
  await reader.request({ method: 'anvil_setCode' as 'eth_chainId', params: [MULTICALL3_ADDRESS, testContract('TestMulticall3').deployedBytecode] as never });
}

/** The ducks' image: an SVG `data:` URL (the modal shows only data:/https: images). */
export const TEST_DUCK_IMAGE = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#74c0fc"/><circle cx="28" cy="34" r="16" fill="#ffd43b"/><circle cx="40" cy="22" r="10" fill="#ffd43b"/><circle cx="43" cy="20" r="2" fill="#212529"/><path d="M49 23l8 2-8 3z" fill="#fd7e14"/></svg>',
).toString('base64')}`;

const BADGE_METADATA = `data:application/json,${JSON.stringify({ name: 'Portico Badge', image: TEST_DUCK_IMAGE })}`;

/**
 * Deploys the test tokens on a local chain from anvil's first dev account, with real
 * transactions (and installs Multicall3 at its usual address), and resolves their addresses (deterministic on a fresh anvil: the account's
 * first nonces).
 */
export async function deployTestTokens(rpcUrl: string): Promise<TestTokens> {
  await installMulticall3(rpcUrl);
  const transport = http(rpcUrl);
  const reader = createPublicClient({ transport });
  const chain = defineChain({ id: await reader.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey), chain, transport });
  const deploy = async (name: string, args: readonly unknown[]): Promise<Address> => {
    const contract = testContract(name);
    const hash: Hex = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`Deploying ${name} (${String(args[0])}) failed in ${hash}`);
    return getAddress(receipt.contractAddress);
  };
  const million = (decimals: number) => 1_000_000n * 10n ** BigInt(decimals);
  return {
    usd: await deploy('TestToken', ['Test USD', 'tUSD', 6, million(6)]),
    ptk: await deploy('TestToken', ['Portico Token', 'PTK', 18, million(18)]),
    dust: await deploy('TestToken', ['Dust', 'DUST', 0, 1_000n]),
    ducks: await deploy('TestCollectible', ['Portico Ducks', 'DUCK', TEST_DUCK_IMAGE, 3n]),
    badges: await deploy('TestMultiToken', [BADGE_METADATA, [5n, 1n]]),
  };
}
