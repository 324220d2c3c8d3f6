import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64, hex } from '@scure/base';
import type { StandardWalletAccount } from '@portico/kernel';

/**
 * The kernel's `LINKED_WALLETS_FEATURE`, written out: this module is also loaded by the
 * Playwright test process, whose transform cannot load the kernel's decorators, so it
 * imports nothing but types from the kernel (a unit test checks the two stay equal).
 */
export const TEST_WALLET_LINKED_WALLETS_FEATURE = 'portico:linkedWallets';

/** How the test wallet behaves; change it at run time with `setMode`. */
export interface SolanaTestWalletMode {
  /** Reject every prompt (connect, sign, send) with 4001. */
  reject?: boolean;
  /** Delay every prompt by this many milliseconds. */
  slowMs?: number;
}

/** Options of `createSolanaTestWallet`. */
export interface SolanaTestWalletOptions {
  /** 32-byte ed25519 seed, hex. */
  seed: string;
  name?: string;
  /** `data:image/…;base64,…` (the Wallet Standard requires base64). */
  icon?: string;
  /** Where `solana:signAndSendTransaction` sends: Wallet Standard chain → JSON-RPC URL. */
  rpcUrls?: Readonly<Record<string, string>>;
  mode?: SolanaTestWalletMode;
  /** Remembers the site's authorisation across reloads (localStorage in a page). */
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
  /**
   * The wallet's own objects in other discovery protocols (e.g. the EIP-1193 provider it also
   * announces, which must name this wallet back): published as `LINKED_WALLETS_FEATURE`.
   */
  linkedWallets?: readonly object[];
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
const DEFAULT_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7048e8"/><path d="M8 11h16M8 16h16M8 21h16" stroke="#fff" stroke-width="3"/></svg>')}`;
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;

type ChangeListener = (change: { accounts?: readonly StandardWalletAccount[] }) => void;

/**
 * A real Solana wallet for tests and the playground, in the Wallet Standard shape: an
 * ed25519 key that signs messages and transactions (`@solana/web3.js` parses and signs
 * them) and sends through a JSON-RPC node. Not for production: the key is in memory.
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions) {
  const seed = hex.decode(options.seed);
  if (seed.length !== 32) throw new TypeError('seed must be 32 bytes of hex');
  const publicKey = ed25519.getPublicKey(seed);
  const address = base58.encode(publicKey);
  const storageKey = `portico-solana-test-wallet:${address}`;
  const listeners = new Set<ChangeListener>();
  let mode: SolanaTestWalletMode = { ...options.mode };
  let authorised = options.storage?.getItem(storageKey) === 'authorised';
  const features = [
    'solana:signMessage',
    'solana:signTransaction',
    'solana:signAndSendTransaction',
  ] as const;
  const account: StandardWalletAccount = Object.freeze({ address, publicKey, chains: [...CHAINS], features: [...features], label: options.name ?? 'Portico Solana Test Wallet' });

  const prompt = async () => {
    if (mode.slowMs) await new Promise((r) => setTimeout(r, mode.slowMs));
    if (mode.reject) throw rpcError(4001, 'User rejected the request.');
  };
  const setAuthorised = (value: boolean) => {
    authorised = value;
    if (value) options.storage?.setItem(storageKey, 'authorised');
    else options.storage?.removeItem(storageKey);
    for (const l of listeners) l({ accounts: wallet.accounts });
  };
  const requireAccount = (input: { account?: StandardWalletAccount }) => {
    if (!authorised) throw rpcError(4100, 'The site is not connected to this wallet.');
    if (input?.account?.address !== address) throw rpcError(4100, 'Unknown account.');
  };
  const sign = async (transaction: Uint8Array): Promise<Uint8Array> => {
    const { Keypair, VersionedTransaction } = await import('@solana/web3.js');
    const keypair = Keypair.fromSeed(seed);
    const tx = VersionedTransaction.deserialize(transaction);
    tx.sign([keypair]);
    return tx.serialize();
  };

  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? 'Portico Solana Test Wallet',
    icon: (options.icon ?? DEFAULT_ICON) as `data:image/svg+xml;base64,${string}`,
    chains: CHAINS,
    get accounts(): readonly StandardWalletAccount[] {
      return authorised ? [account] : [];
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent) {
            await prompt();
            setAuthorised(true);
          }
          return { accounts: wallet.accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAuthorised(false) },
      ...(options.linkedWallets ? { [TEST_WALLET_LINKED_WALLETS_FEATURE]: { version: '1.0.0', wallets: Object.freeze([...options.linkedWallets]) } } : {}),
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>) {
          inputs.forEach(requireAccount);
          await prompt();
          return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, seed), signatureType: 'ed25519' as const }));
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array }>) {
          inputs.forEach(requireAccount);
          await prompt();
          return Promise.all(inputs.map(async ({ transaction }) => ({ signedTransaction: await sign(transaction) })));
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array; chain: string }>) {
          inputs.forEach(requireAccount);
          await prompt();
          return Promise.all(
            inputs.map(async ({ transaction, chain }) => {
              const url = options.rpcUrls?.[chain];
              if (!url) throw rpcError(4200, `No RPC node for ${chain}`);
              const signed = await sign(transaction);
              const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base64.encode(signed), { encoding: 'base64' }] }),
              });
              const body = (await response.json()) as { result?: string; error?: { code: number; message: string } };
              if (body.error || typeof body.result !== 'string') throw rpcError(body.error?.code ?? -32603, body.error?.message ?? 'sendTransaction failed');
              return { signature: base58.decode(body.result) };
            }),
          );
        },
      },
    },
  };

  return {
    wallet,
    address,
    publicKey,
    setMode(next: SolanaTestWalletMode) {
      mode = { ...next };
    },
    /** Registers the wallet with the page's Wallet Standard registry (before or after the app loads). */
    async register(): Promise<void> {
      const { registerWallet } = await import('@wallet-standard/wallet');
      registerWallet(wallet as never);
    },
  };
}
