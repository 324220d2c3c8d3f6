import { isLoopbackHttp, safeParseWith } from '@portico/kernel';
import type { HttpClient, QueryParams } from '@portico/kernel/http';
import { ConfigInvalidError } from '@portico/kernel/errors';
import { normalizeRegistryWallet, type RegistryWallet } from './normalizeRegistryWallet';
import { registryWalletSchema } from './registryWalletSchema';
import { assertWalletRegistryUrl } from './assertWalletRegistryUrl';
import { WalletRegistryResponseInvalidError } from './WalletRegistryResponseInvalidError';

/** Largest `entries` the explorer API serves per page. */
export const WALLET_REGISTRY_MAX_ENTRIES = 100;

/** Configuration of `createWalletRegistryClient`. */
export interface WalletRegistryClientOptions {
  /** The kernel's HTTP client (non-OK answers surface as its `HttpError`). */
  http: HttpClient;
  /** Root of the registry API, e.g. `https://api.example.org` or a local `http://127.0.0.1:PORT`. */
  baseUrl: string;
  /** Sent as `x-project-id` (and as `projectId` on image URLs, which `<img>` loads without headers). */
  projectId: string;
  /** Sent as `x-sdk-type`; default `portico`. */
  sdkType?: string;
  /** Sent as `x-sdk-version`; default `portico-kernel`. */
  sdkVersion?: string;
  /** Told, in one line each, about dropped entries and ignored fields. */
  onInvalid?: (reason: string) => void;
}

/** Query of `list`: a 1-based page of up to 100 entries, optionally filtered. */
export interface WalletListQuery {
  page: number;
  entries: number;
  /** Case-insensitive match on the wallet name. */
  search?: string;
  /** Only these wallet ids. */
  include?: readonly string[];
  exclude?: readonly string[];
  /** CAIP-2 chain ids; wallets supporting any of them. */
  chains?: readonly string[];
  signal?: AbortSignal;
}

/** One page of `list`: the total number of matches and the valid wallets of this page. */
export interface WalletListPage {
  count: number;
  wallets: RegistryWallet[];
}

/** Client of a wallet registry with the explorer API's shape. */
export interface WalletRegistryClient {
  list(query: WalletListQuery): Promise<WalletListPage>;
  /** The wallets with these ids, in the order asked; unknown ids are left out. */
  byIds(ids: readonly string[], options?: { signal?: AbortSignal }): Promise<RegistryWallet[]>;
  /** A URL to show the wallet's icon with, or undefined when it has none. */
  imageUrl(wallet: Pick<RegistryWallet, 'imageId' | 'imageUrl'>): string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Creates a client for `GET {baseUrl}/getWallets` and `GET {baseUrl}/getWalletImage/{id}`,
 * the explorer API that Reown AppKit / web3modal use (query `page`, `entries`, `search`,
 * `include`, `exclude`, `chains`; headers `x-project-id`, `x-sdk-type`, `x-sdk-version`;
 * answer `{ count, data }`). Shape from the public source: `reown-com/appkit`
 * `packages/controllers/src/controllers/ApiController.ts` + `utils/TypeUtil.ts` (newer
 * AppKit sends the SDK values as `projectId`/`st`/`sv` query parameters), and web3modal's
 * `packages/core/src/controllers/ApiController.ts` `_getApiHeaders()` for the headers.
 * Every answer is untrusted: a page that is not a page throws
 * `WalletRegistryResponseInvalidError` (an `HttpResponseInvalidError`); a malformed entry
 * is dropped and reported through `onInvalid`; unsafe links and image URLs are left out
 * of the entries that remain.
 */
export function createWalletRegistryClient(options: WalletRegistryClientOptions): WalletRegistryClient {
  const { http, projectId, sdkType = 'portico', sdkVersion = 'portico-kernel', onInvalid = () => {} } = options;
  assertWalletRegistryUrl(options.baseUrl);
  if (projectId.trim() === '') throw new ConfigInvalidError('wallet registry projectId must not be empty');
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const walletsUrl = new URL('getWallets', base).href;
  const headers = { 'x-project-id': projectId, 'x-sdk-type': sdkType, 'x-sdk-version': sdkVersion };
  const context = {
    imageEndpoint: (imageId: string) => {
      const url = new URL(`getWalletImage/${encodeURIComponent(imageId)}`, base);
      url.search = new URLSearchParams({ projectId, st: sdkType, sv: sdkVersion }).toString();
      return url.href;
    },
    allowLoopbackHttp: isLoopbackHttp(base.href),
    report: onInvalid,
  };

  const parsePage = (body: unknown): WalletListPage => {
    if (!isRecord(body)) throw new WalletRegistryResponseInvalidError(walletsUrl, `expected an object with "count" and "data", received ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}`);
    if (!Array.isArray(body.data)) throw new WalletRegistryResponseInvalidError(walletsUrl, '"data" is not an array');
    const { count } = body;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw new WalletRegistryResponseInvalidError(walletsUrl, `"count" is not a non-negative integer (received ${JSON.stringify(count) ?? 'nothing'})`);
    }
    const wallets: RegistryWallet[] = [];
    const seen = new Set<string>();
    body.data.forEach((entry: unknown, index: number) => {
      const parsed = safeParseWith(registryWalletSchema, entry);
      if (!parsed.ok) return onInvalid(`data[${index}] dropped: ${parsed.problems}`);
      if (seen.has(parsed.value.id)) return onInvalid(`data[${index}] dropped: duplicate id ${parsed.value.id}`);
      seen.add(parsed.value.id);
      wallets.push(normalizeRegistryWallet(parsed.value, context));
    });
    return { count, wallets };
  };

  const list = async (query: WalletListQuery): Promise<WalletListPage> => {
    const joined = (values?: readonly string[]) => (values && values.length > 0 ? values.join(',') : undefined);
    const params: QueryParams = {
      page: query.page,
      entries: query.entries,
      search: query.search?.trim() || undefined,
      include: joined(query.include),
      exclude: joined(query.exclude),
      chains: joined(query.chains),
    };
    return parsePage(await http.get<unknown>(walletsUrl, { params, headers, ...(query.signal ? { signal: query.signal } : {}) }));
  };

  return {
    list,
    async byIds(ids, { signal } = {}) {
      const unique = [...new Set(ids)];
      const chunks: string[][] = [];
      for (let i = 0; i < unique.length; i += WALLET_REGISTRY_MAX_ENTRIES) chunks.push(unique.slice(i, i + WALLET_REGISTRY_MAX_ENTRIES));
      const pages = await Promise.all(chunks.map((include) => list({ page: 1, entries: include.length, include, ...(signal ? { signal } : {}) })));
      const found = new Map(pages.flatMap((p) => p.wallets).map((w) => [w.id, w]));
      return unique.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
    },
    imageUrl: (wallet) => wallet.imageUrl ?? (wallet.imageId ? context.imageEndpoint(wallet.imageId) : undefined),
  };
}
