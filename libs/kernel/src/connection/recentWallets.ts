/** Wallets remembered as recent (spec: 2). */
export const RECENT_WALLETS_KEPT = 2;

/** A wallet the user connected with recently. */
export interface RecentWallet {
  readonly id: string;
  readonly name: string;
  readonly rdns?: string;
}

/**
 * `wallets` with `wallet` first: the last `RECENT_WALLETS_KEPT`, without duplicates. Only the
 * wallet's own fields are kept, because the stored record's schema is strict: an extra field
 * (a whole connector passed as the wallet) would make the next page load discard the record.
 */
export function withRecentWallet(wallets: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  const entry: RecentWallet = wallet.rdns ? { id: wallet.id, name: wallet.name, rdns: wallet.rdns } : { id: wallet.id, name: wallet.name };
  return [entry, ...wallets.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT);
}
