import { formatUnits, safeParseWith, type Network, type TokenBalance } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import * as z from 'zod/mini';

/** The SPL Token and Token-2022 programs. */
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];

const tokenAccount = z.object({
  account: z.object({
    data: z.object({
      parsed: z.object({
        info: z.object({
          mint: z.string().check(z.minLength(32), z.maxLength(44)),
          tokenAmount: z.object({ amount: z.string().check(z.regex(/^\d{1,20}$/)), decimals: z.number().check(z.int(), z.nonnegative(), z.lte(30)) }),
        }),
      }),
    }),
  }),
});

/**
 * An account's SOL and SPL token balances through the RPC: `getBalance` and
 * `getTokenAccountsByOwner` (jsonParsed) under SPL Token and Token-2022, summed per mint. Names
 * and symbols come from the network's `tokens` (by mint, listed first in their order), else the mint itself. Tokens with zero
 * decimals (NFTs, low quality) and empty accounts are left out; malformed accounts are logged.
 */
export async function readSolanaTokens(http: HttpClient, network: Network, address: string, warn: (problem: string) => void): Promise<TokenBalance[]> {
  const urls = network.rpcUrls?.default.http ?? [];
  const [balance, ...byProgram] = await Promise.all([
    jsonRpcRequest<{ value?: unknown }>(http, urls, 'getBalance', [address, { commitment: 'confirmed' }]),
    ...TOKEN_PROGRAMS.map((programId) => jsonRpcRequest<{ value?: unknown }>(http, urls, 'getTokenAccountsByOwner', [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }])),
  ]);
  const lamports = balance?.value;
  if (typeof lamports !== 'number' || !Number.isInteger(lamports) || lamports < 0) throw new Error('The Solana RPC answered getBalance with something that is not a lamport count');
  const { name, symbol, decimals } = network.nativeCurrency;
  const out: TokenBalance[] = [{ name, symbol, chainId: network.caipNetworkId, quantity: { decimals, numeric: formatUnits(BigInt(lamports), decimals) }, ...(network.imageUrl ? { iconUrl: network.imageUrl } : {}) }];
  const mints = new Map<string, { amount: bigint; decimals: number }>();
  for (const reply of byProgram) {
    const accounts = Array.isArray(reply?.value) ? reply.value : [];
    accounts.forEach((account: unknown, index: number) => {
      const parsed = safeParseWith(tokenAccount, account);
      if (!parsed.ok) return warn(`token account ${index}: ${parsed.problems}`);
      const { mint, tokenAmount } = parsed.value.account.data.parsed.info;
      const entry = mints.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals };
      mints.set(mint, { amount: entry.amount + BigInt(tokenAmount.amount), decimals: tokenAmount.decimals });
    });
  }
  const configured = (network.tokens ?? []).map((t) => t.address);
  const known = new Map((network.tokens ?? []).map((t) => [t.address, t]));
  // The host's tokens first, in its order; then the others by mint.
  const rank = (mint: string) => (configured.includes(mint) ? configured.indexOf(mint) : configured.length);
  const ordered = [...mints].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const [mint, { amount, decimals: places }] of ordered) {
    if (places === 0 || amount === 0n) continue;
    const token = known.get(mint);
    out.push({
      name: token?.name ?? mint,
      symbol: token?.symbol ?? `${mint.slice(0, 4)}…`,
      chainId: network.caipNetworkId,
      address: mint,
      quantity: { decimals: places, numeric: formatUnits(amount, places) },
      ...(token?.iconUrl ? { iconUrl: token.iconUrl } : {}),
    });
  }
  return out;
}
