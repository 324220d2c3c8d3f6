import { PorticoError, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import { base64 } from '@scure/base';
import { createSessionWalletBase, type SessionWalletIdentity, type WalletConnectProviderParts, type WalletConnectSession, type WalletConnectSessionState } from '@portico/plugin-walletconnect/binding';

const NS = 'bip122';


/** The wallet answered a Bitcoin request with something WalletConnect's bip122 methods do not return. */
export class InvalidBip122SessionResponseError extends PorticoError {
  override name = 'InvalidBip122SessionResponseError';
  constructor(method: string, problem: string) {
    super(`The wallet answered ${method} with ${problem}`, { code: 'walletconnect/invalid-bip122-response' });
  }
}

const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const;

/** The session's bip122 accounts (`bip122:<genesis>:<address>`) as Wallet Standard accounts (no public key: the session has none). */
function sessionAccounts(session: WalletConnectSessionState | undefined): StandardWalletAccount[] {
  const byAddress = new Map<string, string[]>();
  for (const entry of session?.namespaces[NS]?.accounts ?? []) {
    // CAIP-10 for bip122: the first 32 hex characters of the genesis hash, then the address
    // (base58 or bech32; the chain plugin checks it against the network).
    const match = /^(bip122:[0-9a-f]{32}):([a-zA-Z0-9]{14,90})$/.exec(entry);
    if (!match) continue;
    byAddress.set(match[2]!, [...(byAddress.get(match[2]!) ?? []), match[1]!]);
  }
  return [...byAddress].map(([address, chains]) => Object.freeze({ address, publicKey: new Uint8Array(0), chains, features: [...FEATURES] }));
}

function decodeBase64(value: unknown, method: string, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidBip122SessionResponseError(method, `no ${what}`);
  try {
    return base64.decode(value);
  } catch {
    throw new InvalidBip122SessionResponseError(method, `a ${what} that is not base64`);
  }
}

/**
 * A Wallet Standard wallet (the `bitcoin:*` features chain-bip122 detects) backed by a
 * WalletConnect session: connecting pairs (the QR view shows the URI) or, silently, answers
 * from the restored session; messages and PSBTs are signed by the wallet through the
 * session's `signMessage` / `signPsbt`; session updates and deletion become `change` events.
 */
export function createBip122SessionWallet(connection: WalletConnectSession, identity: SessionWalletIdentity): StandardWallet {
  const base = createSessionWalletBase(connection, identity, { namespace: NS, accountsEvent: 'bip122_addressesChanged', accounts: () => sessionAccounts(connection.current) });

  return base.wallet({
    'bitcoin:connect': { version: '1.0.0', connect: () => base.connect() },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>) {
        const out = [];
        for (const { account, message } of inputs) {
          const text = new TextDecoder().decode(message);
          const result = await base.request<{ signature?: unknown }>(account, 'signMessage', { account: account.address, address: account.address, message: text });
          out.push({ signedMessage: message, signature: decodeBase64(result?.signature, 'signMessage', 'signature') });
        }
        return out;
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(...inputs: Array<{ psbt: Uint8Array; inputsToSign: ReadonlyArray<{ account: StandardWalletAccount; signingIndexes: readonly number[] }> }>) {
        const out = [];
        for (const { psbt, inputsToSign } of inputs) {
          const first = inputsToSign[0]?.account;
          if (!first) throw new PorticoError('A PSBT to sign names no input', { code: 'walletconnect/no-inputs' });
          const signInputs = inputsToSign.flatMap(({ account, signingIndexes }) => signingIndexes.map((index) => ({ address: account.address, index, sighashTypes: [1] })));
          const result = await base.request<{ psbt?: unknown }>(first, 'signPsbt', { account: first.address, psbt: base64.encode(psbt), signInputs, broadcast: false });
          out.push({ signedPsbt: decodeBase64(result?.psbt, 'signPsbt', 'PSBT') });
        }
        return out;
      },
    },
  });
}

/** The binding's entry (`walletConnectBindingRef('bip122')`): the session-backed wallet the adapter takes. */
export function createSessionProvider(parts: WalletConnectProviderParts): StandardWallet {
  return createBip122SessionWallet(parts.session, { name: parts.name, icon: parts.icon, chains: () => parts.networks().map((n) => n.caipNetworkId) });
}
