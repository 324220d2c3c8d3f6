import { createRequire } from 'node:module';
import { createPublicClient, createWalletClient, defineChain, getAddress, http, maxUint256, parseAbi, parseEther, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from './createTestWallet';
import type { TestTokens } from './deployTestTokens';

/** The local Uniswap V2 deployment: the published contracts, with pools of the test tokens and ETH. */
export interface LocalUniswapV2 {
  weth: Address;
  factory: Address;
  router: Address;
  /** The account that deployed it and holds the pools' liquidity (anvil's ninth dev account). */
  liquidityProvider: Address;
}

/** The pools, in whole units: 1 ETH = 3,000 tUSD = 1,000 PTK (so 1 PTK = 3 tUSD). DUST has no pool: no route. */
export const LOCAL_POOLS = { ethUsd: [100, 300_000], ethPtk: [100, 100_000], ptkUsd: [100_000, 300_000] } as const;

/** Anvil's ninth dev account deploys and provides the liquidity: no test wallet's balances change. */
const LP_KEY = ANVIL_DEV_KEYS[8];

interface Artifact {
  abi: Abi;
  bytecode: string;
}

/** A contract as published on npm by Uniswap (`build/*.json`: the bytecode deployed on mainnet). */
function artifact(path: string): Artifact {
  const json = createRequire(import.meta.url)(path) as { abi: Abi; bytecode?: string; evm?: { bytecode?: { object?: string } } };
  const bytecode = json.evm?.bytecode?.object ?? json.bytecode;
  if (!bytecode) throw new Error(`${path} has no bytecode`);
  return { abi: json.abi, bytecode: bytecode.startsWith('0x') ? bytecode : `0x${bytecode}` };
}

const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function approve(address spender, uint256 value) returns (bool)']);

/**
 * Deploys Uniswap V2 on a local chain from the contract artifacts Uniswap publishes
 * (`@uniswap/v2-core`'s factory, `@uniswap/v2-periphery`'s Router02 and WETH9; the router's
 * pair-address hash matches the published pair code), and adds the pools of `LOCAL_POOLS`
 * from anvil's ninth dev account, which mints its own test tokens through their faucet.
 */
export async function deployUniswapV2(rpcUrl: string, tokens: Pick<TestTokens, 'usd' | 'ptk'>): Promise<LocalUniswapV2> {
  const transport = http(rpcUrl);
  const reader = createPublicClient({ transport });
  const chain = defineChain({ id: await reader.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const account = privateKeyToAccount(LP_KEY);
  const wallet = createWalletClient({ account, chain, transport });
  const mined = async (hash: Hex, what: string) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${what} failed in ${hash}`);
    return receipt;
  };
  const deploy = async (path: string, args: readonly unknown[]): Promise<Address> => {
    const { abi, bytecode } = artifact(path);
    const receipt = await mined(await wallet.deployContract({ abi, bytecode: bytecode as Hex, args }), `Deploying ${path}`);
    return getAddress(receipt.contractAddress!);
  };
  const weth = await deploy('@uniswap/v2-periphery/build/WETH9.json', []);
  const factory = await deploy('@uniswap/v2-core/build/UniswapV2Factory.json', [account.address]);
  const router = await deploy('@uniswap/v2-periphery/build/UniswapV2Router02.json', [factory, weth]);
  const routerAbi = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json').abi;
  const units = { usd: 10n ** 6n, ptk: 10n ** 18n };
  for (const key of ['usd', 'ptk'] as const) {
    await mined(await wallet.writeContract({ address: tokens[key], abi: ERC20, functionName: 'mint', args: [account.address, 1_000_000n * units[key]] }), `Minting ${key}`);
    await mined(await wallet.writeContract({ address: tokens[key], abi: ERC20, functionName: 'approve', args: [router, maxUint256] }), `Approving ${key}`);
  }
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const addEth = async (token: Address, eth: number, amount: bigint) =>
    mined(await wallet.writeContract({ address: router, abi: routerAbi, functionName: 'addLiquidityETH', args: [token, amount, amount, parseEther(String(eth)), account.address, deadline], value: parseEther(String(eth)) }), 'Adding liquidity');
  await addEth(tokens.usd, LOCAL_POOLS.ethUsd[0], BigInt(LOCAL_POOLS.ethUsd[1]) * units.usd);
  await addEth(tokens.ptk, LOCAL_POOLS.ethPtk[0], BigInt(LOCAL_POOLS.ethPtk[1]) * units.ptk);
  const [ptk, usd] = [BigInt(LOCAL_POOLS.ptkUsd[0]) * units.ptk, BigInt(LOCAL_POOLS.ptkUsd[1]) * units.usd];
  await mined(await wallet.writeContract({ address: router, abi: routerAbi, functionName: 'addLiquidity', args: [tokens.ptk, tokens.usd, ptk, usd, ptk, usd, account.address, deadline] }), 'Adding liquidity');
  return { weth, factory, router, liquidityProvider: account.address };
}
