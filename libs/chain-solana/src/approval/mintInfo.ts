import { METADATA_PROGRAM, metadataAddress } from '../pda';
import { cleanText } from './approvalFormat';
import { mintOf, readAccounts, type Read } from './solanaAccounts';

/** What the decoder knows of a mint: its decimals and supply, and its Metaplex symbol when it has one. */
export interface MintInfo {
  /** Absent when the mint could not be read (the amount is then shown in base units). */
  readonly decimals?: number | undefined;
  readonly supply?: bigint | undefined;
  readonly symbol?: string | undefined;
}

/** Metaplex metadata's symbol: after key, update authority and mint (65 bytes), the Borsh strings name then symbol. */
function metadataSymbol(data: Uint8Array): string | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 65;
  const text = () => {
    if (offset + 4 > data.length) return undefined;
    const length = view.getUint32(offset, true);
    if (offset + 4 + length > data.length) return undefined;
    const value = new TextDecoder().decode(data.subarray(offset + 4, offset + 4 + length)).replace(/\0+$/, '');
    offset += 4 + length;
    return value;
  };
  if (text() === undefined) return undefined;
  const symbol = text();
  return symbol ? cleanText(symbol) || undefined : undefined;
}

/**
 * Reads mints' decimals and supply and their Metaplex metadata's symbol in one
 * `getMultipleAccounts`, once per mint and network (the cache lives as long as the decoder; a
 * failed read is not kept). A mint without metadata is named by its shortened address.
 */
export function createMintInfo() {
  const cache = new Map<string, Promise<MintInfo>>();
  return {
    of(read: Read, network: string, mint: string): Promise<MintInfo> {
      const key = `${network}:${mint}`;
      let info = cache.get(key);
      if (!info) {
        info = (async () => {
          const metadata = await metadataAddress(mint);
          const accounts = await readAccounts(read, [mint, metadata], true);
          const parsed = mintOf(accounts.get(mint));
          const meta = accounts.get(metadata);
          const symbol = meta && meta.owner === METADATA_PROGRAM ? metadataSymbol(meta.data) : undefined;
          return { decimals: parsed?.decimals, supply: parsed?.supply, symbol };
        })();
        cache.set(key, info);
        info.catch(() => cache.delete(key));
      }
      return info.catch(() => ({}));
    },
  };
}
