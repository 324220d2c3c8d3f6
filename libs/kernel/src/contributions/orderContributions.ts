/** What ordering needs of a contribution. */
export interface Orderable {
  readonly id: string;
  readonly order?: number | undefined;
}

/**
 * Orders contributions: ids in `hostOrder` first, in that order; then by `rank` (the
 * `order` hint by default; missing hints go last), then by id. Stable and total.
 */
export function orderContributions<T extends Orderable>(
  items: readonly T[],
  hostOrder: readonly string[] = [],
  rank: (item: T) => number = (item) => item.order ?? Number.POSITIVE_INFINITY,
): T[] {
  const hostIndex = new Map<string, number>();
  hostOrder.forEach((id, index) => {
    if (!hostIndex.has(id)) hostIndex.set(id, index);
  });
  const keyed = items.map((item, index) => ({ item, index, host: hostIndex.get(item.id), rank: rank(item) }));
  keyed.sort((a, b) => {
    if (a.host !== undefined || b.host !== undefined) {
      if (a.host === undefined) return 1;
      if (b.host === undefined) return -1;
      if (a.host !== b.host) return a.host - b.host;
    }
    if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
    if (a.item.id !== b.item.id) return a.item.id < b.item.id ? -1 : 1;
    return a.index - b.index;
  });
  return keyed.map((k) => k.item);
}
