import { createEip155Plugin } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1 } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, TEST_DUCK_IMAGE, testContract, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type Network } from '@portico/kernel';
import { createPublicClient, createWalletClient, defineChain, http, type Hex, type PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';

let anvil: AnvilNode;
let indexer: Indexer;
let tokens: TestTokens;
let kernel: Kernel | undefined;
const me = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const holder = privateKeyToAccount(ANVIL_ACCOUNT_1.privateKey);
// Strict, as Etherscan V2, at a rate these functional tests do not wait on.
const KEY = 'nfts-test-key';
const RPS = 20;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20, strict: true, apiKeys: [KEY], rps: RPS });
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const reader = createPublicClient({ chain, transport: http(anvil.url) });
  const as = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport: http(anvil.url) });
  const ducks = testContract('TestCollectible').abi;
  const badges = testContract('TestMultiToken').abi;
  const sent: Hex[] = [];
  sent.push(await as(me).writeContract({ address: tokens.ducks, abi: ducks, functionName: 'transferFrom', args: [me.address, holder.address, 1n] }));
  sent.push(await as(me).writeContract({ address: tokens.ducks, abi: ducks, functionName: 'transferFrom', args: [me.address, holder.address, 2n] }));
  sent.push(await as(me).writeContract({ address: tokens.badges, abi: badges, functionName: 'safeTransferFrom', args: [me.address, holder.address, 1n, 3n, '0x'] }));
  for (const hash of sent) await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  // The holder gives one duck and one badge back.
  sent.push(await as(holder).writeContract({ address: tokens.ducks, abi: ducks, functionName: 'transferFrom', args: [holder.address, me.address, 1n] }));
  sent.push(await as(holder).writeContract({ address: tokens.badges, abi: badges, functionName: 'safeTransferFrom', args: [holder.address, me.address, 1n, 1n, '0x'] }));
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

async function adapterFor(apiUrl: string | undefined) {
  const net: Network = {
    caipNetworkId: `eip155:${anvil.chainId}`,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
    ...(apiUrl ? { blockExplorers: { default: { name: 'Local indexer', url: indexer.url, apiUrl } } } : {}),
  };
  kernel = createKernel({ plugins: [createEip155Plugin({ explorerRps: RPS })], networks: [net], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  return { adapter: kernel.getService(chainAdapterRef('eip155')), net };
}

describe('eip155 NFTs from the account API and each token’s metadata', () => {
  it('lists what the account holds now (ERC-721 and ERC-1155 with its count), newest first, with the metadata’s name and image', async () => {
    const { adapter, net } = await adapterFor(`${indexer.apiUrl}?apikey=${KEY}`);
    const nfts = await adapter.getNfts!(`eip155:${anvil.chainId}:${holder.address}`, net);
    expect(nfts).toEqual([
      { id: `${tokens.badges}:1`, contract: tokens.badges, tokenId: '1', name: 'Portico Badge', imageUrl: TEST_DUCK_IMAGE, quantity: '2' },
      { id: `${tokens.ducks}:2`, contract: tokens.ducks, tokenId: '2', name: 'Portico Ducks #2', collection: 'Portico Ducks', imageUrl: TEST_DUCK_IMAGE, quantity: '1' },
    ]);
    // The deployer holds what it minted and what came back.
    const mine = await adapter.getNfts!(`eip155:${anvil.chainId}:${me.address}`, net);
    expect(mine?.map((n) => [n.name, n.tokenId, n.quantity])).toEqual([
      ['Portico Badge', '1', '3'],
      ['Portico Ducks #1', '1', '1'],
      ['Portico Badge', '2', '1'],
      ['Portico Ducks #3', '3', '1'],
    ]);
  });

  it('has no NFTs where the network names no account API', async () => {
    const { adapter, net } = await adapterFor(undefined);
    await expect(adapter.getNfts!(`eip155:${anvil.chainId}:${holder.address}`, net)).resolves.toBeUndefined();
  });
});
