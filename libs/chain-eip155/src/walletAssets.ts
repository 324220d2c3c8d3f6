import type { Network, TokenBalance } from '@portico/kernel';
import * as z from 'zod/mini';

/** One ERC-7811 asset as a wallet sends it (the spec's wallet asset response per chain). */
const assetSchema = z.object({
  address: z.string().check(z.regex(/^(0x[0-9a-fA-F]{40}|native)$/, 'Must be a token address or "native"')),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Must be a hex balance')),
  type: z.string().check(z.refine((t) => ['erc20', 'native'].includes(t.toLowerCase()), 'Must be ERC20 or NATIVE')),
  metadata: z.optional(
    z.object({
      name: z.string().check(z.minLength(1), z.maxLength(100)),
      symbol: z.string().check(z.minLength(1), z.maxLength(20)),
      decimals: z.number().check(z.int(), z.nonnegative(), z.lte(77)),
      value: z.optional(z.number().check(z.refine(Number.isFinite, 'Must be finite'))),
      price: z.optional(z.number().check(z.refine(Number.isFinite, 'Must be finite'))),
      iconUrl: z.optional(z.string().check(z.maxLength(200_000))),
    }),
  ),
});

/**
 * Turns a `wallet_getAssets` answer into token balances for one chain. Each asset is
 * checked on its own: an invalid one is skipped (and reported), tokens with zero decimals
 * are dropped as low quality, the native asset falls back to the network's currency.
 * Anything that is not an object of chains gives `undefined` (ignored as a whole).
 */
export function parseWalletAssets(
  response: unknown,
  hexChainId: string,
  network: Network,
  formatUnits: (value: bigint, decimals: number) => string,
  onInvalid: (problem: string) => void = () => undefined,
): TokenBalance[] | undefined {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return undefined;
  const list = (response as Record<string, unknown>)[hexChainId];
  if (list === undefined) return [];
  if (!Array.isArray(list)) return undefined;
  const tokens: TokenBalance[] = [];
  for (const raw of list) {
    const parsed = assetSchema.safeParse(raw);
    if (!parsed.success) {
      onInvalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      continue;
    }
    const asset = parsed.data;
    const native = asset.type.toLowerCase() === 'native' || asset.address === 'native';
    const meta = asset.metadata ?? (native ? { ...network.nativeCurrency } : undefined);
    if (!meta) {
      onInvalid('an ERC20 asset without metadata');
      continue;
    }
    if (meta.decimals === 0) continue;
    const m = meta as { value?: number; price?: number; iconUrl?: string };
    tokens.push({
      name: meta.name,
      symbol: meta.symbol,
      chainId: network.caipNetworkId,
      ...(native ? {} : { address: asset.address }),
      quantity: { decimals: meta.decimals, numeric: formatUnits(BigInt(asset.balance), meta.decimals) },
      ...(m.value !== undefined ? { value: m.value } : {}),
      ...(m.price !== undefined ? { price: m.price } : {}),
      ...(m.iconUrl !== undefined ? { iconUrl: m.iconUrl } : {}),
    });
  }
  return tokens;
}
