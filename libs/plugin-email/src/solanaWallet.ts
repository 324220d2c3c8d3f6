import { base58, base64 } from '@scure/base';
import { FrameRequestError } from '@portico/frame-protocol';
import type { EmbeddedWallet } from './embeddedWallet';

/** The Wallet Standard chains the embedded wallet's Solana account serves (the same key on every cluster). */
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;
const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

interface Account {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
  readonly label: string;
}

/** An EIP-1193-style error (the adapter and the host read `code`). */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/**
 * The embedded wallet's Solana side in the Wallet Standard shape, for the solana adapter
 * (`attachProvider`): the account is the one the e-mail login made (GET_USER on a solana
 * network), messages and transactions are signed in the frame (RPC_REQUEST on the connected
 * CAIP-2 network; the frame sends through its own RPC for that network). The adapter's request
 * gate asks the user first: the frame has no confirmation UI. `frame` loads the e-mail code on
 * first use; `cached` says whether this site logged in here before (else a silent connect
 * loads nothing); `network` is the solana network connected or configured.
 */
export function createEmailSolanaWallet(parts: { name: string; icon: string; frame: () => Promise<EmbeddedWallet>; cached: () => boolean; network: () => string | undefined }) {
  let account: Account | undefined;
  const listeners = new Set<(change: { accounts: readonly Account[] }) => void>();
  const changed = () => listeners.forEach((listener) => listener({ accounts: wallet.accounts }));

  const network = () => {
    const id = parts.network();
    if (!id?.startsWith('solana:')) throw rpcError(4901, 'No Solana network is configured');
    return id;
  };
  const call = async (method: string, params: Record<string, string>): Promise<Record<string, unknown>> => {
    try {
      const { result } = await (await parts.frame()).request('RPC_REQUEST', { chainId: network(), method, params });
      if (typeof result !== 'object' || result === null) throw rpcError(-32603, `The wallet frame answered ${method} with nothing`);
      return result as Record<string, unknown>;
    } catch (error) {
      throw error instanceof FrameRequestError ? rpcError(error.code ?? (error.reason === 'aborted' ? 4001 : -32603), error.message) : error;
    }
  };
  const mine = (input: { account?: { address?: string } }) => {
    if (!account || input?.account?.address !== account.address) throw rpcError(4100, 'That account is not connected');
  };

  const accounts = async (silent: boolean): Promise<readonly Account[]> => {
    // No Solana network in the app: no account here (the EVM side connects on its own).
    if ((silent && !parts.cached()) || !parts.network()?.startsWith('solana:')) return [];
    const frame = await parts.frame();
    if (!(await frame.request('IS_CONNECTED', {})).isConnected) {
      if (silent) return [];
      throw rpcError(4001, 'Log in with your e-mail address first');
    }
    const user = await frame.request('GET_USER', { chainId: network() });
    account = Object.freeze({ address: user.address, publicKey: base58.decode(user.address), chains: [...CHAINS], features: [...FEATURES], label: user.email ?? 'Email' });
    changed();
    return [account];
  };

  const wallet = {
    version: '1.0.0' as const,
    name: parts.name,
    icon: parts.icon,
    chains: CHAINS,
    get accounts(): readonly Account[] {
      return account ? [account] : [];
    },
    features: {
      'standard:connect': { version: '1.0.0', connect: async (input?: { silent?: boolean }) => ({ accounts: await accounts(input?.silent === true) }) },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          account = undefined;
          changed();
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (change: { accounts: readonly Account[] }) => void) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: Account; message: Uint8Array }>) {
          inputs.forEach(mine);
          return Promise.all(
            inputs.map(async ({ message }) => {
              const { signature } = await call('solana_signMessage', { message: base58.encode(message) });
              if (typeof signature !== 'string') throw rpcError(-32603, 'The wallet frame answered without a signature');
              return { signedMessage: message, signature: base58.decode(signature), signatureType: 'ed25519' as const };
            }),
          );
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: Array<{ account: Account; transaction: Uint8Array }>) {
          inputs.forEach(mine);
          return Promise.all(
            inputs.map(async ({ transaction }) => {
              const { transaction: signed } = await call('solana_signTransaction', { transaction: base64.encode(transaction) });
              if (typeof signed !== 'string') throw rpcError(-32603, 'The wallet frame answered without a transaction');
              return { signedTransaction: base64.decode(signed) };
            }),
          );
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: Array<{ account: Account; transaction: Uint8Array }>) {
          inputs.forEach(mine);
          return Promise.all(
            inputs.map(async ({ transaction }) => {
              const { signature } = await call('solana_signAndSendTransaction', { transaction: base64.encode(transaction) });
              if (typeof signature !== 'string') throw rpcError(-32603, 'The wallet frame answered without a signature');
              return { signature: base58.decode(signature) };
            }),
          );
        },
      },
    },
  };
  return {
    wallet,
    /** The e-mail login ended (sign-out, or the frame says not connected): the account goes. */
    forget() {
      if (!account) return;
      account = undefined;
      changed();
    },
  };
}
