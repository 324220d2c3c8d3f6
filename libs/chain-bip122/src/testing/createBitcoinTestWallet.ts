import type { StandardWalletAccount } from '@portico/kernel';
import { hex } from '@scure/base';
import { crypto as bcrypto, payments, Psbt } from 'bitcoinjs-lib';
import { ensureBitcoinEcc } from '../bitcoin/ecc';
import { ECPair, signBip322Simple } from './signers';
import { bitcoinNetworkOf } from '../bitcoin/bitcoinjsNetworks';
import { BIP122_NETWORK_IDS, type BitcoinNetworkName } from '../bitcoin/networks';

/** How the test wallet behaves; change it at run time with `setMode`. */
export interface BitcoinTestWalletMode {
  /** Reject every prompt (connect, sign) with 4001. */
  reject?: boolean;
  /** Delay every prompt by this many milliseconds. */
  slowMs?: number;
}

/** Options of `createBitcoinTestWallet`. */
export interface BitcoinTestWalletOptions {
  /** 32-byte secp256k1 private key, hex: it pays from P2WPKH and, untweaked, is the P2TR internal key. */
  privateKey: string;
  network?: BitcoinNetworkName;
  name?: string;
  /** `data:image/…;base64,…` (the Wallet Standard requires base64). */
  icon?: string;
  mode?: BitcoinTestWalletMode;
  /** Remembers the site's authorisation across reloads (localStorage in a page). */
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
const DEFAULT_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M11 8v16M15 8v16M9 10h9a3 3 0 0 1 0 6H9m0 0h10a3 3 0 0 1 0 6H9" stroke="#fff" stroke-width="2" fill="none"/></svg>')}`;

type ChangeListener = (change: { accounts?: readonly StandardWalletAccount[] }) => void;

/**
 * A real Bitcoin wallet for tests and the playground, in the Wallet Standard shape with the
 * Exodus `bitcoin:*` features: one key with a P2WPKH payment address and a P2TR (BIP-86)
 * ordinals address; signs messages with BIP-322 "simple" and PSBT inputs it owns. Not for
 * production: the key is in memory.
 */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions) {
  ensureBitcoinEcc();
  const networkName = options.network ?? 'regtest';
  const network = bitcoinNetworkOf(BIP122_NETWORK_IDS[networkName]);
  const keyPair = ECPair.fromPrivateKey(hex.decode(options.privateKey), { network });
  const publicKey = keyPair.publicKey;
  const internalKey = publicKey.slice(1, 33);
  const payment = payments.p2wpkh({ pubkey: publicKey, network });
  const ordinals = payments.p2tr({ internalPubkey: internalKey, network });
  const tweaked = keyPair.tweak(bcrypto.taggedHash('TapTweak', internalKey));
  const chain = `bitcoin:${networkName}`;
  const storageKey = `portico-bitcoin-test-wallet:${payment.address}`;
  const listeners = new Set<ChangeListener>();
  let mode: BitcoinTestWalletMode = { ...options.mode };
  let authorised = options.storage?.getItem(storageKey) === 'authorised';
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'];
  const paymentAccount: StandardWalletAccount = Object.freeze({ address: payment.address!, publicKey, chains: [chain], features, label: 'Payment' });
  const ordinalsAccount: StandardWalletAccount = Object.freeze({ address: ordinals.address!, publicKey: internalKey, chains: [chain], features, label: 'Ordinals' });
  const signerFor = (address: string) => (address === payment.address ? keyPair : address === ordinals.address ? tweaked : undefined);

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
  const requireAuthorised = () => {
    if (!authorised) throw rpcError(4100, 'The site is not connected to this wallet.');
  };
  const connect = async () => {
    await prompt();
    setAuthorised(true);
    return { accounts: wallet.accounts };
  };

  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? 'Portico Bitcoin Test Wallet',
    icon: (options.icon ?? DEFAULT_ICON) as `data:image/svg+xml;base64,${string}`,
    chains: [chain] as const,
    get accounts(): readonly StandardWalletAccount[] {
      return authorised ? [paymentAccount, ordinalsAccount] : [];
    },
    features: {
      'bitcoin:connect': { version: '1.0.0', connect: async (_input: { purposes: readonly string[] }) => connect() },
      'standard:connect': { version: '1.0.0', connect: async (input?: { silent?: boolean }) => (input?.silent ? { accounts: wallet.accounts } : connect()) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAuthorised(false) },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>) {
          requireAuthorised();
          await prompt();
          return inputs.map(({ account, message }) => {
            if (!signerFor(account?.address)) throw rpcError(4100, 'Unknown account.');
            const signature = signBip322Simple({ message, privateKey: keyPair.privateKey!, address: account.address });
            return { signedMessage: message, signature: Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)) };
          });
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs: Array<{ psbt: Uint8Array; inputsToSign: ReadonlyArray<{ account: StandardWalletAccount; signingIndexes: readonly number[] }> }>) {
          requireAuthorised();
          await prompt();
          return inputs.map(({ psbt: bytes, inputsToSign }) => {
            const psbt = Psbt.fromBuffer(bytes, { network });
            for (const { account, signingIndexes } of inputsToSign) {
              const signer = signerFor(account?.address);
              if (!signer) throw rpcError(4100, 'Unknown account.');
              for (const index of signingIndexes) psbt.signInput(index, signer);
            }
            return { signedPsbt: psbt.toBuffer() };
          });
        },
      },
    },
  };

  return {
    wallet,
    paymentAddress: payment.address!,
    ordinalsAddress: ordinals.address!,
    setMode(next: BitcoinTestWalletMode) {
      mode = { ...next };
    },
    /** Registers the wallet with the page's Wallet Standard registry (before or after the app loads). */
    async register(): Promise<void> {
      const { registerWallet } = await import('@wallet-standard/wallet');
      registerWallet(wallet as never);
    },
  };
}
