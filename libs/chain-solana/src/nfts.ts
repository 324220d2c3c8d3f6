import { safeParseWith, type Network, type Nft } from '@portico/kernel';
import { jsonRpcRequest, readJsonUri, type HttpClient } from '@portico/kernel/http';
import { base64 } from '@scure/base';
import * as z from 'zod/mini';
import { isSolanaAddress } from './addresses';
import { metadataAddress } from './pda';

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];
const MAX_NFTS = 100;
const METADATA_TIMEOUT_MS = 5_000;

const tokenAccount = z.object({
  account: z.object({ data: z.object({ parsed: z.object({ info: z.object({ mint: z.string(), tokenAmount: z.object({ amount: z.string().check(z.regex(/^\d{1,20}$/)), decimals: z.number() }) }) }) }) }),
});
const offChain = z.object({ name: z.optional(z.string().check(z.maxLength(200))), image: z.optional(z.string().check(z.maxLength(200_000))) });

/** Metaplex's on-chain metadata: key, update authority, mint, then name, symbol and uri as Borsh strings (u32 length, bytes; zero-padded). */
export function parseMetadataAccount(data: Uint8Array): { name: string; symbol: string; uri: string } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 1 + 32 + 32;
  const text = () => {
    if (offset + 4 > data.length) throw new RangeError('metadata account too short');
    const length = view.getUint32(offset, true);
    if (length > 1_000 || offset + 4 + length > data.length) throw new RangeError('metadata string past the account');
    const value = new TextDecoder().decode(data.subarray(offset + 4, offset + 4 + length)).replace(/\0+$/, '');
    offset += 4 + length;
    return value;
  };
  return { name: text(), symbol: text(), uri: text() };
}

/**
 * The NFTs a Solana account holds: its token accounts of zero-decimal mints with a balance
 * (SPL Token and Token-2022) that have a Metaplex metadata account, named by it and the metadata JSON
 * their URI points at (a `data:` JSON, or https: fetched with a 5 s limit) for the image. A mint
 * without readable metadata is listed by its address; the reason is logged.
 */
export async function readSolanaNfts(http: HttpClient, network: Network, owner: string, warn: (problem: string) => void): Promise<Nft[]> {
  const urls = network.rpcUrls?.default.http ?? [];
  const replies = await Promise.all(TOKEN_PROGRAMS.map((programId) => jsonRpcRequest<{ value?: unknown }>(http, urls, 'getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }])));
  const held = new Map<string, bigint>();
  for (const reply of replies) {
    for (const account of Array.isArray(reply?.value) ? reply.value : []) {
      const parsed = safeParseWith(tokenAccount, account);
      if (!parsed.ok) continue;
      const { mint, tokenAmount } = parsed.value.account.data.parsed.info;
      // A mint the node sends that is no address is skipped, not a reason to fail the list.
      if (isSolanaAddress(mint) && tokenAmount.decimals === 0 && BigInt(tokenAmount.amount) > 0n) held.set(mint, (held.get(mint) ?? 0n) + BigInt(tokenAmount.amount));
    }
  }
  const mints = [...held.keys()].sort().slice(0, MAX_NFTS);
  if (!mints.length) return [];
  const addresses = await Promise.all(mints.map(metadataAddress));
  const accounts = await jsonRpcRequest<{ value?: unknown }>(http, urls, 'getMultipleAccounts', [addresses, { encoding: 'base64', commitment: 'confirmed' }]);
  const list = Array.isArray(accounts?.value) ? accounts.value : [];
  // A zero-decimal token without a metadata account is a plain token (DUST), not an NFT.
  const withMetadata = mints.flatMap((mint, index) => {
    const data = (list[index] as { data?: unknown } | null | undefined)?.data;
    return Array.isArray(data) && typeof data[0] === 'string' ? [{ mint, data: data[0] }] : [];
  });
  return Promise.all(
    withMetadata.map(async ({ mint, data }): Promise<Nft> => {
      const base = { id: mint, contract: mint, tokenId: mint, quantity: String(held.get(mint)) };
      try {
        const onChain = parseMetadataAccount(base64.decode(data));
        const extra = await offChainMetadata(onChain.uri).catch((error: unknown) => {
          warn(`the metadata JSON of ${onChain.name || mint} could not be read: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        });
        return { ...base, name: extra?.name || onChain.name || mint, ...(onChain.symbol ? { collection: onChain.symbol } : {}), ...(extra?.image ? { imageUrl: extra.image } : {}) };
      } catch (error) {
        warn(`the metadata account of ${mint} is malformed: ${error instanceof Error ? error.message : String(error)}`);
        return { ...base, name: mint };
      }
    }),
  );
}

async function offChainMetadata(uri: string): Promise<{ name?: string | undefined; image?: string | undefined } | undefined> {
  if (!uri) return undefined;
  const parsed = safeParseWith(offChain, await readJsonUri(uri, METADATA_TIMEOUT_MS));
  if (!parsed.ok) throw new Error(`malformed: ${parsed.problems}`);
  return parsed.value;
}
