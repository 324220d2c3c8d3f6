import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64, hex } from '@scure/base';
import { SignClient } from '@walletconnect/sign-client';
import type { AuthTypes, CoreTypes, SessionTypes } from '@walletconnect/types';
import { buildAuthObject } from '@walletconnect/utils';
import { createWalletClient, http, isHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

type IKeyValueStorage = NonNullable<CoreTypes.Options['storage']>;

/** A key-value store in memory, so each test client has its own (sign-client's `storage` option). */
export function createMemoryKeyValueStorage(): IKeyValueStorage {
  const data = new Map<string, unknown>();
  return {
    getKeys: async () => [...data.keys()],
    getEntries: async <T>() => [...data.entries()] as Array<[string, T]>,
    getItem: async <T>(key: string) => data.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => void data.set(key, structuredClone(value)),
    removeItem: async (key: string) => void data.delete(key),
  } as IKeyValueStorage;
}

/** A namespace the test wallet serves through a handler the test provides. */
export interface ExtraNamespace {
  /** CAIP-10 accounts, e.g. `bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bcrt1q…`. */
  accounts: string[];
  methods: string[];
  events?: string[];
  handle(method: string, params: unknown, chainId: string): Promise<unknown>;
}

/** Options of the WalletConnect test wallet. */
export interface WalletConnectTestWalletOptions {
  relayUrl: string;
  projectId: string;
  /** The account's private key (an anvil test key). */
  privateKey: Hex;
  /** JSON-RPC URL of each EVM chain the wallet serves (its accounts are offered on each). */
  rpcUrls: Record<number, string>;
  /**
   * A Solana account too (ed25519 seed, hex) and the JSON-RPC URL of each Solana chain it
   * serves (CAIP-2 id → URL); the session then carries solana accounts when the app asks.
   */
  solana?: { seed: string; rpcUrls: Record<string, string> };
  /**
   * More namespaces the phone serves, each answered by the test's own handler (a chain's
   * test wallet, say): its accounts (CAIP-10), the methods it offers and how it answers.
   */
  namespaces?: Record<string, ExtraNamespace>;
  /** `reject`: decline proposals and requests (code 5000 / 4001). */
  mode?: 'approve' | 'reject';
  /**
   * One-click sign-in (CAIP-222): sign the sign-in a proposal carries while approving it, one
   * CACAO per requested EVM chain the wallet serves, as WalletKit does. Off by default: the
   * wallet then approves without them, as one that does not support it.
   */
  oneClick?: boolean;
  name?: string;
}

const METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_revokePermissions'];
const EVENTS = ['accountsChanged', 'chainChanged'];
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions', 'solana_getAccounts', 'solana_requestAccounts'];

/**
 * A wallet in Node on the real protocol: `@walletconnect/sign-client` as the wallet side,
 * signing with a viem local account and sending through the chain's RPC (anvil). Tests
 * "scan" a pairing URI with `pair(uri)`, then the wallet approves (or rejects) on its own.
 */
export async function createWalletConnectTestWallet(options: WalletConnectTestWalletOptions) {
  const account = privateKeyToAccount(options.privateKey);
  const chains = Object.keys(options.rpcUrls).map(Number);
  let mode = options.mode ?? 'approve';
  const requests: Array<{ method: string; chainId: string }> = [];
  /** The one-click sign-in messages signed, with their chain. */
  const signIns: Array<{ chainId: string; message: string }> = [];
  // The Solana side: an ed25519 key; transactions parsed and signed by @solana/web3.js.
  const solanaSeed = options.solana ? hex.decode(options.solana.seed) : undefined;
  if (solanaSeed && solanaSeed.length !== 32) throw new TypeError('solana.seed must be 32 bytes of hex');
  const solana = solanaSeed ? { seed: solanaSeed, address: base58.encode(ed25519.getPublicKey(solanaSeed)) } : undefined;
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    logger: 'error',
    storage: createMemoryKeyValueStorage(),
    // sign-client shares one Core per storage prefix in a process: each test wallet gets its own.
    customStoragePrefix: `portico-test-wallet-${crypto.randomUUID()}`,
    metadata: { name: options.name ?? 'Portico Test Wallet (WalletConnect)', description: 'Test wallet', url: 'https://wallet.portico.test', icons: [] },
  });

  client.on('session_proposal', ({ id, params }) => {
    void (async () => {
      if (mode === 'reject') return client.reject({ id, reason: { code: 5000, message: 'User rejected.' } });
      const wanted = [...Object.values(params.requiredNamespaces ?? {}), ...Object.values(params.optionalNamespaces ?? {})].flatMap((ns) => ns.chains ?? []);
      const served = chains.filter((c) => wanted.length === 0 || wanted.includes(`eip155:${c}`));
      const solanaChains = solana ? Object.keys(options.solana!.rpcUrls).filter((c) => wanted.includes(c)) : [];
      const namespaces: Record<string, { chains: string[]; accounts: string[]; methods: string[]; events: string[] }> = {};
      if (served.length) namespaces.eip155 = { chains: served.map((c) => `eip155:${c}`), accounts: served.map((c) => `eip155:${c}:${account.address}`), methods: METHODS, events: EVENTS };
      if (solanaChains.length) namespaces.solana = { chains: solanaChains, accounts: solanaChains.map((c) => `${c}:${solana!.address}`), methods: SOLANA_METHODS, events: [] };
      for (const [ns, extra] of Object.entries(options.namespaces ?? {})) {
        const accounts = extra.accounts.filter((a) => wanted.includes(a.split(':').slice(0, 2).join(':')));
        if (accounts.length) namespaces[ns] = { chains: [...new Set(accounts.map((a) => a.split(':').slice(0, 2).join(':')))], accounts, methods: extra.methods, events: extra.events ?? [] };
      }
      const authentication = options.oneClick ? await signIn(params.requests?.authentication ?? [], served) : [];
      const session = await client.approve({ id, namespaces, ...(authentication.length ? { proposalRequestsResponses: { authentication } } : {}) });
      await session.acknowledged();
    })().catch((error: unknown) => console.error('test wallet: proposal failed', error));
  });

  client.on('session_request', ({ topic, id, params }) => {
    const { request, chainId } = params;
    requests.push({ method: request.method, chainId });
    void (async () => {
      const respond = (response: { result: unknown } | { error: { code: number; message: string } }) => client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } });
      if (mode === 'reject') return respond({ error: { code: 4001, message: 'User rejected the request.' } });
      try {
        const extra = options.namespaces?.[chainId.split(':')[0]!];
        if (extra) return respond({ result: await extra.handle(request.method, request.params, chainId) });
        if (chainId.startsWith('solana:')) return respond({ result: await handleSolana(request.method, request.params as Record<string, unknown>, chainId) });
        return respond({ result: await handle(request.method, request.params as unknown[], Number(chainId.split(':')[1])) });
      } catch (error) {
        return respond({ error: { code: -32000, message: error instanceof Error ? error.message : String(error) } });
      }
    })().catch((error: unknown) => console.error('test wallet: respond failed', error));
  });

  /** CACAOs for the sign-in requests of a proposal: the message as WalletConnect formats it, signed (EIP-191). */
  async function signIn(requested: readonly AuthTypes.AuthenticateParams[], served: number[]): Promise<AuthTypes.Cacao[]> {
    const cacaos: AuthTypes.Cacao[] = [];
    for (const request of requested) {
      for (const chainId of request.chains.filter((c) => served.some((n) => c === `eip155:${n}`))) {
        const iss = `did:pkh:${chainId}:${account.address}`;
        const { aud, ...rest } = request;
        const payload = { ...rest, aud, uri: aud } as unknown as AuthTypes.PayloadParams;
        const message = client.formatAuthMessage({ request: payload, iss });
        signIns.push({ chainId, message });
        cacaos.push(buildAuthObject(payload, { t: 'eip191', s: await account.signMessage({ message }) }, iss));
      }
    }
    return cacaos;
  }

  async function handle(method: string, params: unknown[], chainId: number): Promise<unknown> {
    switch (method) {
      case 'personal_sign': {
        const [message] = params as [string];
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        const [, json] = params as [string, string];
        return account.signTypedData(JSON.parse(json) as Parameters<typeof account.signTypedData>[0]);
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [{ to: Hex; value?: Hex; data?: Hex; gas?: Hex }];
        const url = options.rpcUrls[chainId];
        if (!url) throw new Error(`the test wallet has no RPC for chain ${chainId}`);
        const wallet = createWalletClient({ account, transport: http(url) });
        return wallet.sendTransaction({
          chain: null,
          to: tx.to,
          ...(tx.value ? { value: BigInt(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        });
      }
      case 'wallet_switchEthereumChain':
        return null;
      default:
        throw new Error(`the test wallet does not handle ${method}`);
    }
  }

  /** WalletConnect's Solana JSON-RPC methods, answered with the wallet's ed25519 key. */
  async function handleSolana(method: string, params: Record<string, unknown>, chainId: string): Promise<unknown> {
    if (!solana) throw new Error('the test wallet has no Solana account');
    const sign = async (transaction: unknown): Promise<Uint8Array> => {
      const { Keypair, VersionedTransaction } = await import('@solana/web3.js');
      const tx = VersionedTransaction.deserialize(base64.decode(String(transaction)));
      tx.sign([Keypair.fromSeed(solana.seed)]);
      return tx.serialize();
    };
    switch (method) {
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return [{ pubkey: solana.address }];
      case 'solana_signMessage':
        return { signature: base58.encode(ed25519.sign(base58.decode(String(params.message)), solana.seed)) };
      case 'solana_signTransaction': {
        const signed = await sign(params.transaction);
        return { signature: base58.encode(signed.slice(1, 65)), transaction: base64.encode(signed) };
      }
      case 'solana_signAllTransactions': {
        const list = Array.isArray(params.transactions) ? params.transactions : [];
        return { transactions: (await Promise.all(list.map(sign))).map((t) => base64.encode(t)) };
      }
      case 'solana_signAndSendTransaction': {
        const url = options.solana?.rpcUrls[chainId];
        if (!url) throw new Error(`the test wallet has no RPC for ${chainId}`);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64.encode(await sign(params.transaction)), { encoding: 'base64' }] }),
        });
        const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
        if (typeof body.result !== 'string') throw new Error(body.error?.message ?? 'sendTransaction failed');
        return { signature: body.result };
      }
      default:
        throw new Error(`the test wallet does not handle ${method}`);
    }
  }

  const liveSessions = (): SessionTypes.Struct[] => client.session.getAll();

  return {
    address: account.address,
    /** The Solana address, when the wallet has a Solana account. */
    solanaAddress: solana?.address,
    client,
    /** Methods the wallet was asked for, in order. */
    requests,
    /** One-click sign-in messages it signed while approving (with `oneClick`). */
    signIns,
    setMode(next: 'approve' | 'reject') {
      mode = next;
    },
    /** "Scans" a pairing URI. */
    pair: (uri: string) => client.pair({ uri }),
    sessions: liveSessions,
    /** Ends every session from the wallet's side (the dapp receives `session_delete`). */
    async disconnectAll() {
      for (const session of liveSessions()) await client.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } });
    },
    /** Tells the dapp the wallet moved to another of the session's chains. */
    async emitChainChanged(chainId: number) {
      for (const session of liveSessions()) await client.emit({ topic: session.topic, chainId: `eip155:${chainId}`, event: { name: 'chainChanged', data: chainId } });
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => undefined);
      client.core.heartbeat.stop();
    },
  };
}

/** The WalletConnect test wallet's interface. */
export type WalletConnectTestWallet = Awaited<ReturnType<typeof createWalletConnectTestWallet>>;
