import { PorticoError, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import { base58, base64 } from '@scure/base';
import { createSessionWalletBase, type SessionWalletIdentity, type WalletConnectProviderParts, type WalletConnectSession, type WalletConnectSessionState } from '@portico/plugin-walletconnect/binding';

const NS = 'solana';

/** The wallet answered a Solana request with something WalletConnect's Solana methods do not return. */
export class InvalidSolanaSessionResponseError extends PorticoError {
  override name = 'InvalidSolanaSessionResponseError';
  constructor(method: string, problem: string) {
    super(`The wallet answered ${method} with ${problem}`, { code: 'walletconnect/invalid-solana-response' });
  }
}

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SOLANA_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

/** The session's solana accounts (`solana:<genesis>:<address>`) as Wallet Standard accounts. */
function sessionAccounts(session: WalletConnectSessionState | undefined): StandardWalletAccount[] {
  const byAddress = new Map<string, { publicKey: Uint8Array; chains: string[] }>();
  for (const entry of session?.namespaces[NS]?.accounts ?? []) {
    const match = /^(solana:[1-9A-HJ-NP-Za-km-z]{32}):([1-9A-HJ-NP-Za-km-z]{32,44})$/.exec(entry);
    if (!match || !BASE58_ADDRESS.test(match[2]!)) continue;
    let publicKey: Uint8Array;
    try {
      publicKey = base58.decode(match[2]!);
    } catch {
      continue;
    }
    if (publicKey.length !== 32) continue;
    const known = byAddress.get(match[2]!) ?? { publicKey, chains: [] };
    known.chains.push(match[1]!);
    byAddress.set(match[2]!, known);
  }
  return [...byAddress].map(([address, { publicKey, chains }]) => Object.freeze({ address, publicKey, chains, features: [...SOLANA_FEATURES] }));
}

/** The field `key` of a response object, as a string, or a clear error. */
function field(result: unknown, key: string, method: string): string {
  const value = (result as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string' || value.length === 0) throw new InvalidSolanaSessionResponseError(method, `no ${key}`);
  return value;
}

function decode58(value: string, method: string, what: string): Uint8Array {
  try {
    return base58.decode(value);
  } catch {
    throw new InvalidSolanaSessionResponseError(method, `a ${what} that is not base58`);
  }
}

function decode64(value: string, method: string): Uint8Array {
  try {
    return base64.decode(value);
  } catch {
    throw new InvalidSolanaSessionResponseError(method, 'a transaction that is not base64');
  }
}

/**
 * Puts a wallet's signature into a transaction when the wallet returned only the signature
 * (older WalletConnect Solana wallets): the wire format starts with the signature count
 * (compact-u16) and the 64-byte signatures in the order of the signer keys, then the
 * message, whose header (after a version byte for v0) and key list say where `signer` goes.
 */
export function insertSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  const count = transaction[0] ?? 0;
  // A compact-u16 below 0x80 is one byte; more than 127 signatures is not a real transaction.
  if (count === 0 || count >= 0x80 || signature.length !== 64) throw new InvalidSolanaSessionResponseError('solana_signTransaction', 'a signature that does not fit the transaction');
  let offset = 1 + 64 * count;
  if ((transaction[offset] ?? 0) & 0x80) offset += 1; // v0 version prefix
  const required = transaction[offset] ?? 0;
  offset += 3; // header: required signatures, read-only signed, read-only unsigned
  const keyCount = transaction[offset] ?? 0;
  if (keyCount >= 0x80) throw new InvalidSolanaSessionResponseError('solana_signTransaction', 'a transaction with too many keys');
  offset += 1;
  for (let i = 0; i < Math.min(required, keyCount, count); i++) {
    const key = transaction.subarray(offset + 32 * i, offset + 32 * (i + 1));
    if (key.length === 32 && key.every((b, j) => b === signer[j])) {
      const out = transaction.slice();
      out.set(signature, 1 + 64 * i);
      return out;
    }
  }
  throw new InvalidSolanaSessionResponseError('solana_signTransaction', 'a signature for a transaction the account does not sign');
}

/**
 * A Wallet Standard wallet backed by a WalletConnect session, for the solana chain adapter
 * (attached with `attachProvider`): `standard:connect` pairs (the QR view shows the URI) or,
 * silently, answers from the restored session; the `solana:*` features send WalletConnect's
 * Solana JSON-RPC methods through the session, where the wallet confirms; session updates and
 * deletion become `change` events.
 */
export function createSolanaSessionWallet(connection: WalletConnectSession, identity: SessionWalletIdentity): StandardWallet {
  const base = createSessionWalletBase(connection, identity, { namespace: NS, accountsEvent: 'accountsChanged', accounts: () => sessionAccounts(connection.current) });
  const request = (method: string, params: Record<string, unknown>, account: StandardWalletAccount) => base.request<unknown>(account, method, params);

  const signTransaction = async (account: StandardWalletAccount, transaction: Uint8Array): Promise<Uint8Array> => {
    const method = 'solana_signTransaction';
    const result = await request(method, { transaction: base64.encode(transaction), pubkey: account.address }, account);
    const signed = (result as { transaction?: unknown } | null)?.transaction;
    if (typeof signed === 'string' && signed.length > 0) return decode64(signed, method);
    return insertSignature(transaction, account.publicKey, decode58(field(result, 'signature', method), method, 'signature'));
  };

  return base.wallet({
    'solana:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>) {
        const method = 'solana_signMessage';
        const out = [];
        for (const { account, message } of inputs) {
          const result = await request(method, { message: base58.encode(message), pubkey: account.address }, account);
          out.push({ signedMessage: message, signature: decode58(field(result, 'signature', method), method, 'signature') });
        }
        return out;
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array }>) {
        const out = [];
        for (const { account, transaction } of inputs) out.push({ signedTransaction: await signTransaction(account, transaction) });
        return out;
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: Array<{ account: StandardWalletAccount; transaction: Uint8Array; options?: Record<string, unknown> }>) {
        const method = 'solana_signAndSendTransaction';
        const out = [];
        for (const { account, transaction, options } of inputs) {
          const result = await request(method, { transaction: base64.encode(transaction), pubkey: account.address, ...(options ? { sendOptions: options } : {}) }, account);
          out.push({ signature: decode58(field(result, 'signature', method), method, 'signature') });
        }
        return out;
      },
    },
  });
}

/** The binding's entry (`walletConnectBindingRef('solana')`): the session-backed wallet the adapter takes. */
export function createSessionProvider(parts: WalletConnectProviderParts): StandardWallet {
  return createSolanaSessionWallet(parts.session, { name: parts.name, icon: parts.icon, chains: () => parts.networks().map((n) => n.caipNetworkId) });
}
