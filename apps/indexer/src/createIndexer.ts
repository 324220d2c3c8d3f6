import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, decodeAbiParameters, getAddress, http, isAddress, parseAbi, webSocket, type Address, type Hex, type Log, type PublicClient } from 'viem';
import { createEtherscanGate, type RefusalKind } from './etherscanGate';

/** Options of `startIndexer`. */
export interface IndexerOptions {
  /** The EVM node to follow (JSON-RPC over HTTP). */
  rpcUrl: string;
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
  /** Origins allowed by CORS; by default any http://127.0.0.1 or http://localhost origin. */
  allowedOrigins?: readonly string[];
  /** How often the node is asked for new blocks, in ms (100 by default); with `wsUrl`, only while its subscription is down. */
  pollMs?: number;
  /**
   * The same node over WebSocket (anvil serves it on its HTTP port: `ws://127.0.0.1:8545`): new
   * heads are pushed (`eth_subscribe` "newHeads") and indexed at once, and the node is asked
   * only every 2 s besides (a lost push is still found); a dropped subscription is made again
   * each second, polling every `pollMs` meanwhile. Without it, the node is polled every `pollMs`.
   */
  wsUrl?: string;
  /**
   * As the real Etherscan API V2: only `/v2/api` (the V1 path `/api` answers V1's deprecation),
   * every call with one of `apiKeys`, at most `rps` calls a second per key, and `chainid` the
   * chain it serves (one of `paidChains` gets the free plan's refusal); refusals are HTTP 200
   * with status "0", NOTOK and Etherscan's words. Off: `/api` and `/v2/api` with neither key nor chain.
   */
  strict?: boolean;
  /** Strict mode: the API keys it accepts (at least one). */
  apiKeys?: readonly string[];
  /** Strict mode: calls per second per key; 3 by default (Etherscan's free plan). */
  rps?: number;
  /** Strict mode: chains the keys' plan does not cover (the free plan's refusal), e.g. `[8453]`. */
  paidChains?: readonly number[];
  /** Strict mode: the chain it serves; by default the node's (`eth_chainId` at start). */
  chainId?: number;
}

/** A running indexer; `stop()` ends its polling and closes its server. */
export interface Indexer {
  /** Base URL, e.g. `http://127.0.0.1:4123`. */
  url: string;
  /** The Etherscan-compatible API endpoint (a network's `blockExplorers.default.apiUrl`): `${url}/v2/api` in strict mode, else `${url}/api`. */
  apiUrl: string;
  /** Strict mode: the calls refused so far, by reason (all zero when not strict). */
  readonly refused: Readonly<Record<RefusalKind, number>>;
  /** Resolves once every block up to the node's current head (or `block`) is indexed. */
  synced(block?: bigint): Promise<void>;
  stop(): Promise<void>;
}

/** With a head subscription, how often the node is asked anyway (a push lost, a node restarted). */
const FALLBACK_MS = 2000;
/** Etherscan's largest page (`page × offset` may not pass 10,000 either). */
const MAX_OFFSET = 10_000;
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';
const TOKEN_ABI = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)', 'function decimals() view returns (uint8)']);

/** One row of an Etherscan account list: strings only, as Etherscan sends them. */
type Row = Record<string, string> & { blockNumber: string; transactionIndex: string; logIndex?: string };
interface TokenInfo {
  name: string;
  symbol: string;
  decimals: string;
}

/**
 * Starts a reference indexer over an EVM node: it follows the node's blocks (every
 * transaction and its receipt; ERC-20, ERC-721 and ERC-1155 transfer logs) and serves them as
 * the Etherscan account API at `/v2/api` (and, unless strict, `/api`)`?module=account&action=
 * txlist|tokentx|tokennfttx|token1155tx&address=&page=&offset=&sort=asc|desc[&startblock=
 * &endblock=&contractaddress=]`, with Etherscan's envelope (`{ status, message, result }`, "No
 * transactions found", "NOTOK"); in strict mode with Etherscan V2's key, chain and rate checks.
 */
export async function startIndexer(options: IndexerOptions): Promise<Indexer> {
  const client: PublicClient = createPublicClient({ transport: http(options.rpcUrl, { batch: true }) });
  const gate = options.strict
    ? createEtherscanGate({ apiKeys: options.apiKeys ?? [], rps: options.rps ?? 3, chainId: options.chainId ?? (await client.getChainId()), paidChains: options.paidChains ?? [] })
    : undefined;
  const lists = { txlist: [] as Row[], tokentx: [] as Row[], tokennfttx: [] as Row[], token1155tx: [] as Row[] };
  const tokens = new Map<Address, Promise<TokenInfo>>();
  let indexed = -1n;
  let head = -1n;
  let stopped = false;
  let failure: unknown;
  const waiters = new Set<() => void>();

  const tokenInfo = (address: Address, nft: boolean): Promise<TokenInfo> => {
    let info = tokens.get(address);
    if (!info) {
      const read = (functionName: 'name' | 'symbol' | 'decimals') => client.readContract({ address, abi: TOKEN_ABI, functionName }).catch(() => undefined);
      info = Promise.all([read('name'), read('symbol'), nft ? Promise.resolve(0) : read('decimals')]).then(([name, symbol, decimals]) => ({
        name: typeof name === 'string' ? name : '',
        symbol: typeof symbol === 'string' ? symbol : '',
        decimals: decimals === undefined ? '' : String(decimals),
      }));
      tokens.set(address, info);
    }
    return info;
  };

  async function indexBlock(number: bigint): Promise<void> {
    const [block, receipts] = await Promise.all([
      client.getBlock({ blockNumber: number, includeTransactions: true }),
      client.request({ method: 'eth_getBlockReceipts', params: [`0x${number.toString(16)}`] } as never) as Promise<RawReceipt[]>,
    ]);
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r]));
    for (const tx of block.transactions) {
      const receipt = byHash.get(tx.hash);
      if (!receipt) throw new Error(`The node sent block ${number} without the receipt of ${tx.hash}`);
      const common = {
        blockNumber: String(number),
        timeStamp: String(block.timestamp),
        hash: tx.hash,
        nonce: String(tx.nonce),
        blockHash: block.hash!,
        transactionIndex: String(tx.transactionIndex),
        gas: String(tx.gas),
        gasPrice: String(BigInt(receipt.effectiveGasPrice)),
        gasUsed: String(BigInt(receipt.gasUsed)),
        cumulativeGasUsed: String(BigInt(receipt.cumulativeGasUsed)),
        input: tx.input,
      };
      const failed = receipt.status !== '0x1';
      lists.txlist.push({
        ...common,
        from: tx.from.toLowerCase(),
        to: tx.to?.toLowerCase() ?? '',
        value: String(tx.value),
        isError: failed ? '1' : '0',
        txreceipt_status: failed ? '0' : '1',
        contractAddress: receipt.contractAddress?.toLowerCase() ?? '',
        methodId: tx.input.length >= 10 ? tx.input.slice(0, 10) : '0x',
        functionName: '',
      });
      for (const log of receipt.logs as Log[]) await indexLog(log, common);
    }
    indexed = number;
  }

  async function indexLog(log: Log, common: Row): Promise<void> {
    const [topic, ...args] = log.topics as Hex[];
    const contractAddress = log.address.toLowerCase();
    const address = (t: Hex | undefined) => (t ? `0x${t.slice(26)}`.toLowerCase() : '');
    const row = { ...common, logIndex: String(log.logIndex), contractAddress };
    if (topic === TRANSFER && args.length === 2 && log.data.length === 66) {
      const info = await tokenInfo(getAddress(log.address), false);
      lists.tokentx.push({ ...row, from: address(args[0]), to: address(args[1]), value: String(BigInt(log.data)), tokenName: info.name, tokenSymbol: info.symbol, tokenDecimal: info.decimals });
    } else if (topic === TRANSFER && args.length === 3) {
      const info = await tokenInfo(getAddress(log.address), true);
      lists.tokennfttx.push({ ...row, from: address(args[0]), to: address(args[1]), tokenID: String(BigInt(args[2]!)), tokenName: info.name, tokenSymbol: info.symbol, tokenDecimal: '0' });
    } else if ((topic === TRANSFER_SINGLE || topic === TRANSFER_BATCH) && args.length === 3) {
      const info = await tokenInfo(getAddress(log.address), true);
      const [ids, values] =
        topic === TRANSFER_SINGLE
          ? decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data).map((v) => [v])
          : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      (ids as readonly bigint[]).forEach((id, i) =>
        lists.token1155tx.push({ ...row, operator: address(args[0]), from: address(args[1]), to: address(args[2]), tokenID: String(id), tokenValue: String((values as readonly bigint[])[i]), tokenName: info.name, tokenSymbol: info.symbol }),
      );
    }
  }

  const pollMs = options.pollMs ?? 100;
  // Woken by a pushed head (or stop()), else after pollMs — or FALLBACK_MS while subscribed.
  let wake: (() => void) | undefined;
  let subscribed = false;
  const nextRound = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, subscribed ? FALLBACK_MS : pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  const heads = options.wsUrl ? createPublicClient({ transport: webSocket(options.wsUrl, { reconnect: false, retryCount: 0 }) }) : undefined;
  let resubscribe: ReturnType<typeof setTimeout> | undefined;
  const subscribeLater = () => {
    subscribed = false;
    if (!stopped && !resubscribe) resubscribe = setTimeout(() => ((resubscribe = undefined), void subscribe()), 1000);
  };
  async function subscribe(): Promise<void> {
    if (!heads || stopped) return;
    try {
      await heads.transport.subscribe({ params: ['newHeads'], onData: () => wake?.(), onError: subscribeLater });
      if (stopped) return;
      subscribed = true;
      // A head may have come while subscribing.
      wake?.();
    } catch {
      subscribeLater();
    }
  }
  await subscribe();
  async function follow(): Promise<void> {
    while (!stopped) {
      try {
        head = await client.getBlockNumber({ cacheTime: 0 });
        // The node went back (restarted, or a snapshot reverted): index again from its first block.
        if (head < indexed) {
          for (const list of Object.values(lists)) list.length = 0;
          tokens.clear();
          indexed = -1n;
        }
        while (indexed < head && !stopped) await indexBlock(indexed + 1n);
        failure = undefined;
      } catch (error) {
        // The node may be restarting: say why once, and keep trying.
        if (String(error) !== String(failure)) console.error(`indexer: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        failure = error;
      }
      for (const wakeWaiter of waiters) wakeWaiter();
      if (!stopped) await nextRound();
    }
  }
  const following = follow();

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      reply(res, 500, { status: '0', message: 'NOTOK', result: `Error! ${error instanceof Error ? error.message : String(error)}` }, undefined);
    }
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const origin = corsOriginFor(req.headers.origin);
    if (req.headers.origin !== undefined && origin === undefined) return reply(res, 403, { status: '0', message: 'NOTOK', result: 'Error! Origin not allowed' }, undefined);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors(origin), 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-max-age': '600' });
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET') return reply(res, 405, { status: '0', message: 'NOTOK', result: 'Error! Method not allowed' }, origin);
    // The explorer's transaction page, for the modal's links: the indexed transaction as JSON.
    const tx = /^\/tx\/(0x[0-9a-fA-F]{64})$/.exec(url.pathname);
    if (tx) {
      const row = lists.txlist.find((r) => r.hash === tx[1]!.toLowerCase());
      return row ? reply(res, 200, row, origin) : reply(res, 404, { status: '0', message: 'NOTOK', result: 'Error! Transaction not indexed' }, origin);
    }
    if (url.pathname !== '/api' && url.pathname !== '/v2/api') return reply(res, 404, { status: '0', message: 'NOTOK', result: 'Error! Not found' }, origin);
    const refusal = gate?.check(url.pathname, url.searchParams);
    if (refusal) return reply(res, 200, { status: '0', message: 'NOTOK', result: refusal.result }, origin);
    reply(res, 200, account(url.searchParams), origin);
  }

  /** Etherscan's account module; its errors come as status "0" with HTTP 200, as Etherscan sends them. */
  function account(query: URLSearchParams): { status: string; message: string; result: unknown } {
    const notOk = (result: string) => ({ status: '0', message: 'NOTOK', result });
    if (query.get('module') !== 'account') return notOk('Error! Missing Or invalid Module name');
    const action = query.get('action') ?? '';
    if (!Object.hasOwn(lists, action)) return notOk('Error! Missing Or invalid Action name');
    const address = query.get('address') ?? '';
    if (!isAddress(address, { strict: false })) return notOk('Error! Invalid address format');
    const contract = query.get('contractaddress');
    if (contract !== null && !isAddress(contract, { strict: false })) return notOk('Error! Invalid contract address format');
    const page = whole(query.get('page'), 1);
    const offset = whole(query.get('offset'), MAX_OFFSET);
    const start = whole(query.get('startblock'), 0);
    const end = whole(query.get('endblock'), Number.MAX_SAFE_INTEGER);
    if (page === undefined || page < 1 || offset === undefined || offset < 1 || start === undefined || end === undefined) return notOk('Error! Invalid page, offset, startblock or endblock');
    if (page * offset > MAX_OFFSET) return notOk('Result window is too large, PageNo x Offset size must be less than or equal to 10000');
    const sort = query.get('sort') ?? 'asc';
    if (sort !== 'asc' && sort !== 'desc') return notOk('Error! Invalid sort order');
    const who = address.toLowerCase();
    const rows = lists[action as keyof typeof lists].filter(
      (row) => (row.from === who || row.to === who) && Number(row.blockNumber) >= start && Number(row.blockNumber) <= end && (contract === null || row.contractAddress === contract.toLowerCase()),
    );
    const ordered = sort === 'asc' ? rows : [...rows].reverse();
    const confirmations = (row: Row) => String(Number(indexed) - Number(row.blockNumber) + 1);
    const result = ordered.slice((page - 1) * offset, page * offset).map((row) => ({ ...row, confirmations: confirmations(row) }));
    return result.length ? { status: '1', message: 'OK', result } : { status: '0', message: 'No transactions found', result: [] };
  }

  const corsOriginFor = (origin: string | undefined): string | undefined => {
    if (origin === undefined) return undefined;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : undefined;
    return isLoopbackHttpOrigin(origin) ? origin : undefined;
  };

  /** Ends the following and closes the node's socket (at most a second: one still connecting to a node that is gone is not waited for). */
  async function halt(): Promise<void> {
    stopped = true;
    clearTimeout(resubscribe);
    wake?.();
    await following;
    // The socket is closed, its subscription with it: no eth_unsubscribe, whose answer a node
    // that is gone (stopped before the indexer) would never send.
    if (heads) {
      const closing = heads.transport
        .getRpcClient()
        .then((socket) => socket.close())
        .catch(() => undefined);
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    }
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    // Its port taken, say: nothing of it keeps running (the following, the node's socket).
    await halt();
    throw error;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiUrl: options.strict ? `${url}/v2/api` : `${url}/api`,
    refused: gate?.refused ?? { v1: 0, key: 0, chain: 0, plan: 0, rate: 0 },
    async synced(block) {
      const target = block ?? (await client.getBlockNumber({ cacheTime: 0 }));
      const deadline = Date.now() + 15_000;
      while (indexed < target) {
        if (stopped) throw new Error('The indexer was stopped');
        if (Date.now() > deadline) throw new Error(`The indexer did not reach block ${target} within 15 s (at ${indexed})${failure ? `: ${String(failure)}` : ''}`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, pollMs);
        }).finally(() => waiters.clear());
      }
    },
    async stop() {
      await halt();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A receipt as `eth_getBlockReceipts` sends it (hex quantities). */
interface RawReceipt {
  transactionHash: Hex;
  status: Hex;
  gasUsed: Hex;
  cumulativeGasUsed: Hex;
  effectiveGasPrice: Hex;
  contractAddress: Address | null;
  logs: unknown[];
}

/** A whole number query parameter, `fallback` when absent, undefined when malformed. */
function whole(value: string | null, fallback: number): number | undefined {
  if (value === null || value === '') return fallback;
  return /^\d{1,16}$/.test(value) ? Number(value) : undefined;
}

function reply(res: ServerResponse, status: number, body: unknown, origin: string | undefined): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...cors(origin), 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function cors(origin: string | undefined): Record<string, string> {
  return origin === undefined ? { vary: 'Origin' } : { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** An origin like `http://127.0.0.1:5173`: http scheme, loopback host, nothing after the port. */
function isLoopbackHttpOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}
