import { createWalletClient, defineChain, http, isHex, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Eip1193Provider } from '../discovery/Eip1193Provider';

/** How the test wallet behaves; change it at run time with `setMode`. */
export interface TestWalletMode {
  /** Reject every prompt (connect, sign, send, switch) with 4001. */
  reject?: boolean;
  /** Delay every prompt by this many milliseconds. */
  slowMs?: number;
  /** Show no approval UI: it signs whatever it is asked (the embedded-wallet case). */
  noUi?: boolean;
  /**
   * Reject every prompt with exactly this value, not an Error: a plain `{ code, message }`
   * object, a string, an object without a message, as some wallets do.
   */
  rejectWith?: unknown;
  /** Answer `eth_requestAccounts` with an empty list (a wallet with no account shared or set up). */
  noAccounts?: boolean;
  /** Hold every prompt until `release()`: a wallet that does not answer (yet). */
  hold?: boolean;
}

/** Options of `createTestWallet`. */
export interface TestWalletOptions {
  privateKey: Hex;
  /** Chains the wallet knows: chain id → RPC URL. Others answer 4902 until added. */
  chains: Record<number, string>;
  chainId: number;
  mode?: TestWalletMode;
  /**
   * Assets this wallet reports through EIP-7811 (its own list, as a wallet's indexer would),
   * besides the native balance it reads from the chain. Absent: no `assetDiscovery`.
   */
  assets?: readonly unknown[];
  /** With `assets`: the native currency's price in US dollars, reported in its EIP-7811 metadata (as a wallet's price feed would). */
  nativePrice?: number;
  /**
   * Speaks EIP-5792 (`wallet_sendCalls`, `wallet_getCallsStatus`; `atomic: unsupported` in its
   * capabilities): it sends the calls one after the other, as an EOA wallet without batching does.
   */
  calls?: boolean;
  /** Remembers the site's authorisation across reloads (localStorage in a page). */
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
}

/** The error shape EIP-1193 wallets reject with. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/**
 * A real EVM wallet for tests and the playground: an EIP-1193 provider that signs with a
 * viem local account and forwards reads to the chain's RPC (anvil in the tests). Not for
 * production: it holds the key in memory and signs without asking when told to.
 */
export function createTestWallet(options: TestWalletOptions) {
  const account = privateKeyToAccount(options.privateKey);
  const chains = new Map<number, string>(Object.entries(options.chains).map(([id, url]) => [Number(id), url]));
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const storageKey = `portico-test-wallet:${account.address}`;
  // Like a real wallet, it remembers the site's authorisation, its chains and the active chain.
  const saved = (() => {
    try {
      return JSON.parse(options.storage?.getItem(`${storageKey}:state`) ?? 'null') as { chainId: number; chains: Array<[number, string]> } | null;
    } catch {
      return null;
    }
  })();
  for (const [id, url] of saved?.chains ?? []) chains.set(id, url);
  let chainId = saved && chains.has(saved.chainId) ? saved.chainId : options.chainId;
  let mode: TestWalletMode = { ...options.mode };
  let authorisedHere = false;
  // With storage, read on every use: like a browser extension, every tab of the site sees one authorisation.
  const isAuthorised = () => (options.storage ? options.storage.getItem(storageKey) === 'authorised' : authorisedHere);
  const saveState = () => options.storage?.setItem(`${storageKey}:state`, JSON.stringify({ chainId, chains: [...chains] }));

  /** EIP-5792 batches sent: id → chain and transaction hashes. */
  const batches = new Map<string, { chainId: number; hashes: Hex[] }>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args));
  /** Prompts held by `hold`, answered by `release()`. */
  const held: Array<() => void> = [];
  const prompt = async () => {
    if (mode.hold) await new Promise<void>((r) => held.push(r));
    if (mode.slowMs) await new Promise((r) => setTimeout(r, mode.slowMs));
    if (mode.reject) throw rpcError(4001, 'User rejected the request.');
    // Thrown as it is, not wrapped: the point is a wallet that throws what it likes.
    if (mode.rejectWith !== undefined) throw mode.rejectWith;
  };
  const setAuthorised = (value: boolean) => {
    authorisedHere = value;
    if (value) options.storage?.setItem(storageKey, 'authorised');
    else options.storage?.removeItem(storageKey);
  };
  const rpcUrl = () => chains.get(chainId)!;
  const forward = async (method: string, params: unknown) => {
    const response = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
  };
  const requireAuth = () => {
    if (!isAuthorised()) throw rpcError(4100, 'The site is not authorised; call eth_requestAccounts first.');
  };

  const provider: Eip1193Provider & {
    on(e: string, l: (...a: never[]) => void): void;
    removeListener(e: string, l: (...a: never[]) => void): void;
    /** The wallet's own objects in other discovery protocols (see `link`). */
    readonly linkedWallets: object[];
  } = {
    linkedWallets: [],
    async request({ method, params }) {
      const list = (Array.isArray(params) ? params : []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
          await prompt();
          if (mode.noAccounts) return [];
          setAuthorised(true);
          emit('connect', { chainId: numberToHex(chainId) });
          return [account.address];
        case 'eth_accounts':
          return isAuthorised() ? [account.address] : [];
        case 'eth_chainId':
          return numberToHex(chainId);
        case 'wallet_revokePermissions':
          setAuthorised(false);
          emit('accountsChanged', []);
          return null;
        case 'wallet_switchEthereumChain': {
          const next = Number.parseInt(String((list[0] as { chainId?: string })?.chainId), 16);
          if (!chains.has(next)) throw rpcError(4902, `Unrecognized chain ID "${numberToHex(next)}". Try adding the chain using wallet_addEthereumChain first.`);
          await prompt();
          chainId = next;
          saveState();
          emit('chainChanged', numberToHex(next));
          return null;
        }
        case 'wallet_addEthereumChain': {
          const spec = list[0] as { chainId?: string; rpcUrls?: string[] };
          const url = spec?.rpcUrls?.find((u) => /^https?:\/\//.test(u));
          if (!spec?.chainId || !url) throw rpcError(-32602, 'wallet_addEthereumChain needs a chainId and an http(s) rpcUrl');
          await prompt();
          chains.set(Number.parseInt(spec.chainId, 16), url);
          saveState();
          return null;
        }
        case 'personal_sign': {
          requireAuth();
          await prompt();
          const [data] = list as [Hex];
          return account.signMessage({ message: isHex(data) ? { raw: data } : String(data) });
        }
        case 'eth_signTypedData_v4': {
          requireAuth();
          await prompt();
          const typed = JSON.parse(String(list[1]));
          return account.signTypedData(typed);
        }
        case 'eth_sendTransaction': {
          requireAuth();
          await prompt();
          const tx = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex };
          const chain = defineChain({ id: chainId, name: `chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl()] } } });
          const client = createWalletClient({ account, chain, transport: http(rpcUrl()) });
          return client.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : undefined, data: tx.data, gas: tx.gas ? BigInt(tx.gas) : undefined });
        }
        case 'wallet_getCapabilities': {
          const capabilities = { ...(options.assets ? { assetDiscovery: { supported: true } } : {}), ...(options.calls ? { atomic: { status: 'unsupported' } } : {}) };
          return Object.keys(capabilities).length ? { [numberToHex(chainId)]: capabilities } : {};
        }
        case 'wallet_sendCalls': {
          if (!options.calls) throw rpcError(4200, 'wallet_sendCalls is not supported');
          requireAuth();
          const request = list[0] as { chainId?: Hex; calls?: { to?: Hex; value?: Hex; data?: Hex }[]; atomicRequired?: boolean };
          if (request.atomicRequired) throw rpcError(5760, 'Atomic execution is not supported');
          if (request.chainId !== numberToHex(chainId)) throw rpcError(5710, 'Unsupported chain');
          await prompt();
          const chain = defineChain({ id: chainId, name: `chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl()] } } });
          const client = createWalletClient({ account, chain, transport: http(rpcUrl()) });
          const hashes: Hex[] = [];
          for (const call of request.calls ?? []) hashes.push(await client.sendTransaction({ to: call.to, value: call.value ? BigInt(call.value) : undefined, data: call.data }));
          const id = `0x${crypto.randomUUID().replaceAll('-', '')}`;
          batches.set(id, { chainId, hashes });
          return { id };
        }
        case 'wallet_getCallsStatus': {
          const batch = batches.get(String(list[0]));
          if (!batch) throw rpcError(5730, 'Unknown bundle id');
          const receipts = await Promise.all(batch.hashes.map((hash) => forward('eth_getTransactionReceipt', [hash]) as Promise<{ status: Hex; transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; logs: unknown[] } | null>));
          const done = receipts.every(Boolean);
          const failed = receipts.some((r) => r?.status === '0x0');
          return {
            version: '2.0.0',
            id: list[0],
            chainId: numberToHex(batch.chainId),
            status: !done ? 100 : failed ? 500 : 200,
            atomic: false,
            ...(done ? { receipts: receipts.map((r) => ({ status: r!.status, transactionHash: r!.transactionHash, blockHash: r!.blockHash, blockNumber: r!.blockNumber, gasUsed: r!.gasUsed, logs: r!.logs })) } : {}),
          };
        }
        case 'wallet_getAssets': {
          requireAuth();
          if (!options.assets) throw rpcError(4200, 'wallet_getAssets is not supported');
          const native = await forward('eth_getBalance', [account.address, 'latest']);
          const priced = options.nativePrice === undefined ? {} : { metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: options.nativePrice } };
          return { [numberToHex(chainId)]: [{ address: 'native', balance: native, type: 'NATIVE', ...priced }, ...options.assets] };
        }
        case 'eth_sign':
          throw rpcError(4200, 'eth_sign is not supported');
        default:
          return forward(method, params);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as never);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as never);
    },
  };

  return {
    provider,
    address: account.address,
    get chainId() {
      return chainId;
    },
    setMode(next: TestWalletMode) {
      mode = { ...next };
    },
    /** Prompts waiting for an answer (held by `hold`). */
    get heldPrompts() {
      return held.length;
    },
    /** Answers every held prompt now (as the mode then says: accept, or reject with `reject`). */
    release() {
      for (const answer of held.splice(0)) answer();
    },
    /**
     * Names this wallet's own objects in other discovery protocols (its Wallet Standard wallet,
     * which names this provider back): the evidence that lists both as one multi-chain wallet.
     * Call before announcing; Portico reads the links once per announcement.
     */
    link(...wallets: object[]) {
      provider.linkedWallets.push(...wallets);
    },
    /** Announces the wallet over EIP-6963 now and whenever a page asks. Returns a stop function. */
    announce(target: EventTarget, info: { uuid: string; name: string; icon: string; rdns: string }) {
      const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
      const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      target.addEventListener('eip6963:requestProvider', announce);
      announce();
      return () => target.removeEventListener('eip6963:requestProvider', announce);
    },
  };
}

/** Anvil's first well-known development account (never holds real funds). */
export const ANVIL_ACCOUNT_0 = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const;

/** Anvil's second well-known development account (never holds real funds). */
export const ANVIL_ACCOUNT_1 = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
} as const;

/**
 * Private keys of anvil's ten well-known development accounts (its default mnemonic), by
 * index; none ever holds real funds. Tests give each flow its own account so that one flow's
 * balances never depend on another's.
 */
export const ANVIL_DEV_KEYS = [
  ANVIL_ACCOUNT_0.privateKey,
  ANVIL_ACCOUNT_1.privateKey,
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const;
