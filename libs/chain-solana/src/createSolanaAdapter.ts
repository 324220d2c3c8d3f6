import type { ApprovalDecoder } from '@portico/core';
import { createWalletStandardAdapter, PorticoError, type ChainAdapter, type ChainAdapterParts, type Network, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import { jsonRpcRequest } from '@portico/kernel/http';
import { NoActiveCaipAddressError } from '@portico/kernel/errors';
import { base58, base64 } from '@scure/base';
import { isSolanaAddress, isSolanaSignature } from './addresses';
import { walletStandardChainOf } from './chainIds';

const NS = 'solana';
/** The SPL Token and Token-2022 programs. */
const TOKEN_PROGRAM_IDS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];

/** The wallet or the node sent something that is not what Solana's APIs promise. */
export class InvalidSolanaResponseError extends PorticoError {
  override name = 'InvalidSolanaResponseError';
  constructor(source: string, problem: string) {
    super(`${source} answered with ${problem}`, { code: 'solana/invalid-response' });
  }
}

/** A request to the Solana provider that names no valid input. */
export class InvalidSolanaRequestError extends PorticoError {
  override name = 'InvalidSolanaRequestError';
  constructor(problem: string) {
    super(`Invalid Solana request: ${problem}`, { code: 'solana/invalid-request' });
  }
}

/** The host-facing Solana provider (WalletConnect's Solana JSON-RPC method names). */
export interface SolanaProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** What the adapter needs from the kernel. */
export interface SolanaAdapterParts extends Omit<ChainAdapterParts, 'namespace'> {
  /** Connector ids of wallets with no confirmation UI of their own: Portico asks the user instead. */
  approvalRequired?: readonly string[];
}

type Feature<T> = T | undefined;
interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
interface SignMessageFeature {
  signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>;
}
interface SignTransactionFeature {
  signTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array; chain?: string }>): Promise<Array<{ signedTransaction: Uint8Array }>>;
}
interface SignAndSendFeature {
  signAndSendTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array; chain: string; options?: Record<string, unknown> }>): Promise<Array<{ signature: Uint8Array }>>;
}

const isSolanaAccount = (a: StandardWalletAccount) => isSolanaAddress(a.address) && (a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:')));
const bytes = (value: unknown, what: string): Uint8Array => {
  if (!(value instanceof Uint8Array)) throw new InvalidSolanaResponseError('The wallet', `a ${what} that is not bytes`);
  return value;
};
const decode64 = (value: unknown, what: string): Uint8Array => {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidSolanaRequestError(`${what} must be a base64 string`);
  try {
    return base64.decode(value);
  } catch {
    throw new InvalidSolanaRequestError(`${what} is not valid base64`);
  }
};

/**
 * The solana chain adapter: Wallet Standard wallets with `standard:connect` and a solana
 * chain become connectors (through the kernel's shared Wallet Standard adapter); balances
 * come from the network's JSON-RPC; signing goes through the wallet's `solana:*` features,
 * detected by key.
 */
export function createSolanaAdapter(parts: SolanaAdapterParts): ChainAdapter & ReturnType<typeof createWalletStandardAdapter> {
  const { connection, gate } = parts;
  const shared = createWalletStandardAdapter(parts, {
    namespace: NS,
    supports: (wallet) => Array.isArray(wallet.chains) && wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) && typeof (wallet.features['standard:connect'] as Feature<ConnectFeature>)?.connect === 'function',
    async requestAccounts(wallet, silent) {
      const feature = wallet.features['standard:connect'] as ConnectFeature;
      if (silent) {
        const known = wallet.accounts.filter(isSolanaAccount);
        if (known.length) return known;
        const result = await feature.connect({ silent: true }).catch(() => undefined);
        return (result?.accounts ?? []).filter(isSolanaAccount);
      }
      const result = await feature.connect();
      if (!result || !Array.isArray(result.accounts)) throw new InvalidSolanaResponseError(wallet.name, 'no account list');
      return result.accounts.filter(isSolanaAccount);
    },
    toAccounts: (accounts, network) => accounts.filter(isSolanaAccount).map((a) => ({ address: `${network}:${a.address}`, type: 'eoa' as const })),
    pickNetwork(wallet, current) {
      const networks = parts.networks();
      if (current && networks.some((n) => n.caipNetworkId === current)) return current;
      // Wallet Standard chains (`solana:mainnet`) or, from a WalletConnect session, CAIP-2 ids.
      const serves = (n: Network) => wallet.chains.includes(n.caipNetworkId) || wallet.chains.includes(walletStandardChainOf(n.caipNetworkId));
      return (networks.find(serves) ?? networks[0])?.caipNetworkId;
    },
  });

  const active = () => {
    const found = shared.activeWallet();
    if (!found) throw Object.assign(new Error('The wallet is not connected'), { code: 4900 });
    return found;
  };
  const feature = <T>(wallet: StandardWallet, key: string): T => {
    const f = wallet.features[key] as T | undefined;
    if (!f) throw Object.assign(new Error(`${wallet.name} does not support ${key}`), { code: 4200 });
    return f;
  };
  const chain = () => walletStandardChainOf(connection.get(NS).network ?? '');
  let decoder: Promise<ApprovalDecoder> | undefined;

  const signMessageBytes = async (message: Uint8Array): Promise<Uint8Array> => {
    const { wallet, account } = active();
    const [output] = await feature<SignMessageFeature>(wallet, 'solana:signMessage').signMessage({ account, message });
    const signature = bytes(output?.signature, 'signature');
    if (signature.length !== 64) throw new InvalidSolanaResponseError(wallet.name, 'a signature that is not 64 bytes');
    return signature;
  };

  /** Runs a method for the host's provider: after the policy gate, through the wallet. */
  const execute = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'solana_getAccounts':
      case 'solana_requestAccounts': {
        const { accounts } = connection.get(NS);
        return accounts.map((a) => ({ pubkey: a.address.split(':')[2] }));
      }
      case 'solana_signMessage': {
        if (typeof params.message !== 'string') throw new InvalidSolanaRequestError('message must be a base58 string');
        let message: Uint8Array;
        try {
          message = base58.decode(params.message);
        } catch {
          throw new InvalidSolanaRequestError('message is not valid base58');
        }
        return { signature: base58.encode(await signMessageBytes(message)) };
      }
      case 'solana_signTransaction': {
        const { wallet, account } = active();
        const [output] = await feature<SignTransactionFeature>(wallet, 'solana:signTransaction').signTransaction({ account, transaction: decode64(params.transaction, 'transaction'), chain: chain() });
        const signed = bytes(output?.signedTransaction, 'transaction');
        return { transaction: base64.encode(signed), signature: base58.encode(signed.slice(1, 65)) };
      }
      case 'solana_signAllTransactions': {
        if (!Array.isArray(params.transactions)) throw new InvalidSolanaRequestError('transactions must be a list of base64 strings');
        const { wallet, account } = active();
        const inputs = params.transactions.map((t, i) => ({ account, transaction: decode64(t, `transactions[${i}]`), chain: chain() }));
        const outputs = await feature<SignTransactionFeature>(wallet, 'solana:signTransaction').signTransaction(...inputs);
        return { transactions: outputs.map((o) => base64.encode(bytes(o?.signedTransaction, 'transaction'))) };
      }
      case 'solana_signAndSendTransaction': {
        const { wallet, account } = active();
        const options = typeof params.sendOptions === 'object' && params.sendOptions !== null ? (params.sendOptions as Record<string, unknown>) : undefined;
        const [output] = await feature<SignAndSendFeature>(wallet, 'solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: decode64(params.transaction, 'transaction'), chain: chain(), ...(options ? { options } : {}) });
        const signature = base58.encode(bytes(output?.signature, 'signature'));
        if (!isSolanaSignature(signature)) throw new InvalidSolanaResponseError(wallet.name, 'an invalid transaction signature');
        return { signature };
      }
      default:
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    }
  };

  const provider: SolanaProvider = {
    async request(args) {
      if (typeof args?.method !== 'string') throw new InvalidSolanaRequestError('method must be a string');
      const { connectorId } = active();
      const params = typeof args.params === 'object' && args.params !== null ? (args.params as Record<string, unknown>) : {};
      // An embedded wallet (AUTH: e-mail, socials) asks the user in its own frame, which the approval view shows.
      const embedded = parts.connectors.get(connectorId)?.type === 'AUTH';
      const options = embedded ? { walletConfirmsInModal: true } : { walletConfirms: !parts.approvalRequired?.includes(connectorId) };
      return gate.request(NS, { method: args.method, params: args.params }, () => execute(args.method, params), options);
    },
  };

  const adapter: ChainAdapter & typeof shared = {
    ...shared,
    namespace: NS,
    async getBalance(address, network) {
      const reply = await jsonRpcRequest<{ value?: unknown }>(parts.http, network.rpcUrls?.default.http ?? [], 'getBalance', [address.split(':')[2], { commitment: 'confirmed' }]);
      const lamports = reply?.value;
      if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) throw new InvalidSolanaResponseError('The Solana RPC', 'a balance that is not a lamport count');
      return { value: BigInt(lamports), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /** What a pending request will do (the approval view's reading; the decoder loads on first use, reads go to the network's RPC). */
    async describeApproval(request, context) {
      decoder ??= import('./approval/createSolanaApprovalDecoder').then(({ createSolanaApprovalDecoder }) => createSolanaApprovalDecoder());
      const { network } = context;
      return (await decoder).decode(request, {
        network: { caipNetworkId: network.caipNetworkId, name: network.name, nativeCurrency: network.nativeCurrency },
        account: context.account ?? connection.get(NS).address?.split(':')[2],
        read: (method, params) => jsonRpcRequest(parts.http, network.rpcUrls?.default.http ?? [], method, [...params]),
        locale: context.locale,
        now: Date.now,
      });
    },
    /** A transfer's recipient: a base58 Solana address that is not a token account, or why not. */
    async checkRecipient(input, network) {
      const address = input.trim();
      if (!isSolanaAddress(address)) return { problem: 'not a valid Solana address' };
      // A token account is no owner: tokens sent "to" it would go to an account it cannot use.
      const info = await jsonRpcRequest<{ value?: { owner?: unknown } | null }>(parts.http, network.rpcUrls?.default.http ?? [], 'getAccountInfo', [address, { encoding: 'base64' }]).catch(() => undefined);
      if (typeof info?.value?.owner === 'string' && TOKEN_PROGRAM_IDS.includes(info.value.owner)) return { problem: 'this is a token account; send to its owner’s address' };
      return { address };
    },
    /** The network fee of a SOL or SPL transfer from the selected account (the node's `getFeeForMessage`). */
    async estimateTransfer(transfer, network) {
      const from = connection.get(NS).address?.split(':')[2];
      if (!from) throw new NoActiveCaipAddressError();
      const { prepareSolTransfer, prepareSplTransfer } = await import('./transfer');
      const prepared = transfer.token === undefined ? prepareSolTransfer(parts.http, network, from, transfer.to, transfer.amount) : prepareSplTransfer(parts.http, network, from, transfer.to, transfer.token, transfer.amount);
      return (await prepared).fee;
    },
    /** Sends SOL, or an SPL token (creating the recipient's associated token account if missing), from the selected account: the wallet signs and sends it through the gated provider; resolves the signature. */
    async sendTransfer(transfer, network) {
      const from = connection.get(NS).address?.split(':')[2];
      if (!from) throw new NoActiveCaipAddressError();
      if (!isSolanaAddress(transfer.to)) throw new InvalidSolanaRequestError('the recipient is not a Solana address');
      if (transfer.token !== undefined && !isSolanaAddress(transfer.token)) throw new InvalidSolanaRequestError('the token is not a mint address');
      const { prepareSolTransfer, prepareSplTransfer } = await import('./transfer');
      const { transaction } =
        transfer.token === undefined ? await prepareSolTransfer(parts.http, network, from, transfer.to, transfer.amount) : await prepareSplTransfer(parts.http, network, from, transfer.to, transfer.token, transfer.amount);
      const { signature } = (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })) as { signature?: unknown };
      if (!isSolanaSignature(signature)) throw new InvalidSolanaResponseError('The wallet', 'something that is not a transaction signature');
      return signature;
    },
    /** A sent transaction's state from `getSignatureStatuses` (history searched); one the node does not know stays pending. */
    async transferStatus(id, network) {
      const reply = await jsonRpcRequest<{ value?: unknown[] }>(parts.http, network.rpcUrls?.default.http ?? [], 'getSignatureStatuses', [[id], { searchTransactionHistory: true }]);
      const status = (reply?.value?.[0] ?? null) as { err?: unknown; confirmationStatus?: unknown } | null;
      if (!status) return 'pending';
      if (status.err !== null && status.err !== undefined) return 'failed';
      return status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized' ? 'confirmed' : 'pending';
    },
    /** The NFTs the account holds (zero-decimal mints with Metaplex metadata), through the RPC (lazy module). */
    async getNfts(address, network) {
      const { readSolanaNfts } = await import('./nfts');
      return readSolanaNfts(parts.http, network, address.split(':')[2] ?? '', (problem) => parts.logger.warn(`NFT: ${problem}`));
    },
    /** SOL and the account's SPL / Token-2022 balances through the RPC (lazy module). */
    async getTokens(address, network) {
      const { readSolanaTokens } = await import('./tokens');
      return readSolanaTokens(parts.http, network, address.split(':')[2] ?? '', (problem) => parts.logger.warn(`Ignored a token account: ${problem}`));
    },
    /** The account's transactions through the RPC (`getSignaturesForAddress` + `getTransaction`), 25 a page. */
    async getActivity(address, network, cursor) {
      if (cursor !== undefined && !isSolanaSignature(cursor)) throw new InvalidSolanaRequestError('the activity cursor is not a transaction signature');
      const { readSolanaActivity } = await import('./activity');
      return readSolanaActivity(parts.http, network, address.split(':')[2] ?? '', cursor, (problem) => parts.logger.warn(`Ignored an activity entry: ${problem}`));
    },
    /** Signs a text message (sign-in); the signature is returned in base58. */
    async signMessage(message) {
      if (!connection.get(NS).address) throw new NoActiveCaipAddressError();
      const bytes = new TextEncoder().encode(message);
      const { connectorId } = active();
      // The caller (sign-in) is Portico's own confirmation; an embedded wallet still asks in its own frame, which the gate's view shows.
      if (parts.connectors.get(connectorId)?.type === 'AUTH') {
        return gate.request(NS, { method: 'solana_signMessage', params: { message: base58.encode(bytes) } }, async () => base58.encode(await signMessageBytes(bytes)), { walletConfirmsInModal: true });
      }
      return base58.encode(await signMessageBytes(bytes));
    },
    getProvider: () => provider,
  };
  return adapter;
}
