import { createEip155Plugin } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0 } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, testContract, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type Network } from '@portico/kernel';
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';

let anvil: AnvilNode;
let indexer: Indexer;
let tokens: TestTokens;
let kernel: Kernel | undefined;
const me = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const holder = '0x00000000000000000000000000000000000d0d00';
// Strict, as Etherscan V2, at a rate these functional tests do not wait on.
const KEY = 'tokens-test-key';
const RPS = 20;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20, strict: true, apiKeys: [KEY], rps: RPS });
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const wallet = createWalletClient({ account: me, chain, transport: http(anvil.url) });
  const reader = createPublicClient({ chain, transport: http(anvil.url) });
  const erc20 = testContract('TestToken').abi;
  const sent: Hex[] = [
    await wallet.sendTransaction({ to: holder, value: parseEther('0.5') }),
    await wallet.writeContract({ address: tokens.usd, abi: erc20, functionName: 'transfer', args: [holder, 1_500_000n] }),
    await wallet.writeContract({ address: tokens.ptk, abi: erc20, functionName: 'transfer', args: [holder, 2n * 10n ** 18n] }),
    await wallet.writeContract({ address: tokens.dust, abi: erc20, functionName: 'transfer', args: [holder, 5n] }),
  ];
  const receipt = await reader.waitForTransactionReceipt({ hash: sent.at(-1)!, pollingInterval: 20 });
  await indexer.synced(receipt.blockNumber);
}, 30_000);
afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
});
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

async function adapterFor(network: Partial<Network>) {
  const net: Network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } }, ...network };
  const warnings: string[] = [];
  kernel = createKernel({ plugins: [createEip155Plugin({ explorerRps: RPS })], networks: [net], storage: createMemoryStorage(), logLevel: 'warn', logSink: (level, message) => void (level === 'warn' && warnings.push(message)) });
  await kernel.start();
  return { adapter: kernel.getService(chainAdapterRef('eip155')), net, warnings };
}

const explorer = () => ({ blockExplorers: { default: { name: 'Local indexer', url: indexer.url, apiUrl: `${indexer.apiUrl}?apikey=${KEY}` } } });

describe('eip155 tokens through the RPC (Multicall3) when the wallet cannot list them', () => {
  it('reads the native balance and every ERC-20 the account API shows, dropping the zero-decimal token', async () => {
    const { adapter, net } = await adapterFor(explorer());
    const list = await adapter.getTokens!(`eip155:${anvil.chainId}:${holder}`, net);
    // Newest transfer first; DUST (0 decimals) is not there.
    expect(list).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: net.caipNetworkId, quantity: { decimals: 18, numeric: '0.5' } },
      { name: 'Portico Token', symbol: 'PTK', chainId: net.caipNetworkId, address: tokens.ptk, quantity: { decimals: 18, numeric: '2' } },
      { name: 'Test USD', symbol: 'tUSD', chainId: net.caipNetworkId, address: tokens.usd, quantity: { decimals: 6, numeric: '1.5' } },
    ]);
  });

  it('reads the network’s configured tokens without an account API, their icons kept; a token that does not answer is left out and logged', async () => {
    const { adapter, net, warnings } = await adapterFor({
      tokens: [
        { address: tokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6, iconUrl: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E' },
        { address: '0x000000000000000000000000000000000000bEEF', name: 'Nothing', symbol: 'NIL', decimals: 18 },
        { address: 'not-an-address', name: 'Broken', symbol: 'BRK', decimals: 18 },
      ],
    });
    const list = await adapter.getTokens!(`eip155:${anvil.chainId}:${holder}`, net);
    expect(list?.map((t) => [t.symbol, t.quantity.numeric, t.iconUrl?.slice(0, 14)])).toEqual([
      ['ETH', '0.5', undefined],
      ['tUSD', '1.5', 'data:image/svg'],
    ]);
    expect(warnings.join('\n')).toContain('Ignored the configured token BRK: not-an-address is not an EVM address');
    expect(warnings.join('\n')).toContain('Ignored NIL (0x000000000000000000000000000000000000bEEF): its balanceOf did not answer a number');
  });

  it('has nothing better than the native balance where the network names neither tokens nor an account API', async () => {
    const { adapter, net } = await adapterFor({});
    await expect(adapter.getTokens!(`eip155:${anvil.chainId}:${holder}`, net)).resolves.toBeUndefined();
  });

  it('a hostile token that burns all the gas costs only its own line: the native balance and the other tokens still show', async () => {
    const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
    const burner = testContract('TestGasBurner');
    const hash = await createWalletClient({ account: me, chain, transport: http(anvil.url) }).deployContract({ abi: burner.abi, bytecode: burner.bytecode });
    const { contractAddress } = await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const { adapter, net, warnings } = await adapterFor({
      tokens: [
        { address: contractAddress!, name: 'Burner', symbol: 'BURN', decimals: 18 },
        { address: tokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6 },
      ],
    });
    const list = await adapter.getTokens!(`eip155:${anvil.chainId}:${holder}`, net);
    expect(list?.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['ETH', '0.5'],
      ['tUSD', '1.5'],
    ]);
    expect(warnings.join('\n')).toMatch(/Ignored BURN .*its balanceOf did not answer a number/);
  });
});
