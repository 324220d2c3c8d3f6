import type { WcWallet, WcWalletsPage } from './WcWallet';

/** Largest page the registry serves (the real explorer's own limit for `entries`). */
export const MAX_ENTRIES = 100;
const DEFAULT_ENTRIES = 40;
const CHAIN_OR_NAMESPACE = /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/;
const ID = /^[-_.:a-zA-Z0-9]{1,128}$/;

/** A query parameter that is not acceptable; becomes a 400 with this message. */
export class QueryError extends Error {
  override name = 'QueryError';
}

/** Parsed `GET /getWallets` query. */
export interface WalletQuery {
  page: number;
  entries: number;
  search?: string;
  include?: ReadonlySet<string>;
  exclude?: ReadonlySet<string>;
  chains?: readonly string[];
  rdns?: ReadonlySet<string>;
}

function integer(params: URLSearchParams, key: string, fallback: number, min: number, max: number): number {
  const raw = params.get(key);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new QueryError(`"${key}" must be a whole number, received ${JSON.stringify(raw.slice(0, 40))}`);
  const value = Number(raw);
  if (value < min || value > max) throw new QueryError(`"${key}" must be between ${min} and ${max}, received ${value}`);
  return value;
}

function list(params: URLSearchParams, key: string, pattern: RegExp): string[] | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length > 500) throw new QueryError(`"${key}" lists more than 500 values`);
  const bad = items.find((item) => !pattern.test(item));
  if (bad !== undefined) throw new QueryError(`"${key}" has an invalid value ${JSON.stringify(bad.slice(0, 80))}`);
  return items;
}

/** Parses and validates the query of `GET /getWallets`; throws `QueryError`. */
export function parseWalletQuery(params: URLSearchParams): WalletQuery {
  const search = params.get('search')?.trim();
  if (search !== undefined && search.length > 100) throw new QueryError('"search" is longer than 100 characters');
  const include = list(params, 'include', ID);
  const exclude = list(params, 'exclude', ID);
  const rdns = list(params, 'rdns', /^[-_.a-zA-Z0-9]{1,200}$/);
  const chains = list(params, 'chains', CHAIN_OR_NAMESPACE);
  return {
    page: integer(params, 'page', 1, 1, 1_000_000),
    entries: integer(params, 'entries', DEFAULT_ENTRIES, 1, MAX_ENTRIES),
    ...(search ? { search } : {}),
    ...(include ? { include: new Set(include) } : {}),
    ...(exclude ? { exclude: new Set(exclude) } : {}),
    ...(rdns ? { rdns: new Set(rdns) } : {}),
    ...(chains ? { chains } : {}),
  };
}

/** Namespaces a wallet supports: from its CAIP-2 chains and its injected entries. */
function namespacesOf(wallet: WcWallet): Set<string> {
  return new Set([...(wallet.chains ?? []).map((c) => c.split(':')[0]!), ...(wallet.injected ?? []).flatMap((i) => (i.namespace ? [i.namespace] : []))]);
}

/** True when the wallet supports any requested chain id (exact) or bare namespace. */
function supportsAny(wallet: WcWallet, requested: readonly string[]): boolean {
  const namespaces = namespacesOf(wallet);
  return requested.some((r) => (r.includes(':') ? (wallet.chains ?? []).includes(r) : namespaces.has(r)));
}

/** Registry order: `order` ascending (wallets without one last), then name, then id. */
export function compareWallets(a: WcWallet, b: WcWallet): number {
  const oa = a.order ?? Number.POSITIVE_INFINITY;
  const ob = b.order ?? Number.POSITIVE_INFINITY;
  if (oa !== ob) return oa < ob ? -1 : 1;
  return a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Filters, orders and pages `wallets` (already sorted with `compareWallets`). */
export function queryWallets(sorted: readonly WcWallet[], query: WalletQuery): WcWalletsPage {
  const needle = query.search?.toLowerCase();
  const matches = sorted.filter(
    (w) =>
      (!query.include || query.include.has(w.id)) &&
      !query.exclude?.has(w.id) &&
      (!query.rdns || (w.rdns != null && query.rdns.has(w.rdns))) &&
      (!needle || w.name.toLowerCase().includes(needle)) &&
      (!query.chains || supportsAny(w, query.chains)),
  );
  const start = (query.page - 1) * query.entries;
  return { count: matches.length, data: matches.slice(start, start + query.entries) };
}
