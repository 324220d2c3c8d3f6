import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58 } from '@scure/base';
import { PublicKey } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMetadataAccount } from './nfts';
import { defineSolanaLocalnet } from './networks';
import { METADATA_PROGRAM, metadataAddress } from './pda';
import { createSolanaPlugin } from './plugin';
import { SOLANA_LOCALNET_GENESIS_HASH } from './testing';
import { startSolanaServer, type SolanaServer } from './testing/node';

let server: SolanaServer;
let kernel: Kernel | undefined;
beforeAll(async () => {
  server = await startSolanaServer();
});
afterAll(() => server.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

const IMAGE = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

describe('solana NFTs (Metaplex metadata)', () => {
  it('finds the metadata account where web3.js derives it', async () => {
    const mint = base58.encode(new Uint8Array(32).fill(91));
    const [expected] = PublicKey.findProgramAddressSync([Buffer.from('metadata'), new PublicKey(METADATA_PROGRAM).toBytes(), new PublicKey(mint).toBytes()], new PublicKey(METADATA_PROGRAM));
    expect(await metadataAddress(mint)).toBe(expected.toBase58());
  });

  it('lists the zero-decimal mints with Metaplex metadata the account holds, named and pictured by it; not fungible tokens, nor zero-decimal ones without metadata', async () => {
    const owner = base58.encode(new Uint8Array(32).fill(92));
    const comet = base58.encode(new Uint8Array(32).fill(93));
    const bare = base58.encode(new Uint8Array(32).fill(94));
    await server.mintNft(comet, owner, { name: 'Comet #7', symbol: 'COMET', uri: `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Comet #7', image: IMAGE }))}` });
    await server.mintNft(bare, owner, { name: 'Bare', symbol: '', uri: 'ipfs://nothing-here' });
    server.mintTokens(base58.encode(new Uint8Array(32).fill(95)), owner, 6, 5_000_000n);
    // Zero decimals but no metadata: a plain token, not an NFT.
    server.mintTokens(base58.encode(new Uint8Array(32).fill(96)), owner, 0, 7n);
    const network = defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url);
    const warnings: string[] = [];
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'warn', logSink: (level, message) => void (level === 'warn' && warnings.push(message)) });
    await kernel.start();
    const nfts = await kernel.getService(chainAdapterRef('solana')).getNfts!(`${network.caipNetworkId}:${owner}`, network);
    const byMint = new Map(nfts?.map((n) => [n.contract, n]));
    expect(nfts).toHaveLength(2);
    expect(byMint.get(comet)).toEqual({ id: comet, contract: comet, tokenId: comet, quantity: '1', name: 'Comet #7', collection: 'COMET', imageUrl: IMAGE });
    expect(byMint.get(bare)).toEqual({ id: bare, contract: bare, tokenId: bare, quantity: '1', name: 'Bare' });
    expect(warnings.join('\n')).toContain('the metadata JSON of Bare could not be read: the URI is neither data: nor https:');
  });

  it('reads Metaplex’s Borsh strings and refuses a truncated account', () => {
    const text = (value: string) => [...new Uint8Array(new Uint32Array([value.length]).buffer), ...new TextEncoder().encode(value)];
    const data = Uint8Array.from([4, ...new Uint8Array(64), ...text('Name\0\0\0'), ...text('SYM'), ...text('https://x.example/1.json')]);
    expect(parseMetadataAccount(data)).toEqual({ name: 'Name', symbol: 'SYM', uri: 'https://x.example/1.json' });
    expect(() => parseMetadataAccount(data.subarray(0, 67))).toThrow('metadata account too short');
    expect(() => parseMetadataAccount(Uint8Array.from([4, ...new Uint8Array(64), 255, 0, 0, 0, 65]))).toThrow('metadata string past the account');
  });
});
