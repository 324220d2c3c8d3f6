import { createWalletStandardAdapter, PorticoError, type Account, type ChainAdapter, type ChainAdapterParts, type Network, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import { firstAnsweringUrl, isEndpointUnreachable, RPC_READ_TIMEOUT_MS } from '@portico/kernel/http';
import { HttpError, NoActiveCaipAddressError } from '@portico/kernel/errors';
import { base64, hex } from '@scure/base';
import { isBitcoinAddress, parseBitcoinAddress } from './bitcoin/addresses';
import { bitcoinNetworkNameOf } from './bitcoin/networks';

const NS = 'bip122';

/** The wallet or the Esplora API sent something that is not what they promise. */
export class InvalidBitcoinResponseError extends PorticoError {
  override name = 'InvalidBitcoinResponseError';
  constructor(source: string, problem: string) {
    super(`${source} answered with ${problem}`, { code: 'bip122/invalid-response' });
  }
}

/** A request to the Bitcoin provider that names no valid input. */
export class InvalidBitcoinRequestError extends PorticoError {
  override name = 'InvalidBitcoinRequestError';
  constructor(problem: string) {
    super(`Invalid Bitcoin request: ${problem}`, { code: 'bip122/invalid-request' });
  }
}

/** The host-facing Bitcoin provider (WalletConnect's bip122 method names). */
export interface Bip122Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** What the adapter needs from the kernel. */
export interface Bip122AdapterParts extends Omit<ChainAdapterParts, 'namespace'> {
  /** Connector ids of wallets with no confirmation UI of their own: Portico asks the user instead. */
  approvalRequired?: readonly string[];
}

/** One input the wallet is asked to sign (Exodus `bitcoin:signTransaction` shape). */
export interface InputToSign {
  readonly account: StandardWalletAccount;
  readonly signingIndexes: readonly number[];
}
interface BitcoinConnectFeature {
  connect(input: { purposes: readonly ('payment' | 'ordinals')[] }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
interface StandardConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
interface SignMessageFeature {
  signMessage(...inputs: Array<{ account: StandardWalletAccount; message: Uint8Array }>): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>;
}
interface SignTransactionFeature {
  signTransaction(...inputs: Array<{ psbt: Uint8Array; inputsToSign: readonly InputToSign[]; chain?: string }>): Promise<Array<{ signedPsbt: Uint8Array }>>;
}

interface EsploraStats {
  funded_txo_sum: number;
  spent_txo_sum: number;
}

/** The Wallet Standard chain of a CAIP-2 id (`bitcoin:mainnet`, …). */
export function bitcoinWalletChainOf(caipNetworkId: string): string {
  return `bitcoin:${bitcoinNetworkNameOf(caipNetworkId) ?? 'unknown'}`;
}

const accountKind = (address: string, network: string): Account['type'] => (parseBitcoinAddress(address, network).type === 'p2tr' ? 'ordinal' : 'payment');
const validOn = (network: string) => (a: StandardWalletAccount) => typeof a?.address === 'string' && isBitcoinAddress(a.address, network);
const validStats = (value: unknown): value is EsploraStats =>
  typeof value === 'object' && value !== null && Number.isSafeInteger((value as EsploraStats).funded_txo_sum) && Number.isSafeInteger((value as EsploraStats).spent_txo_sum);

/**
 * The bip122 chain adapter: Wallet Standard wallets with `bitcoin:connect` (the Exodus
 * community features, as AppKit detects them) become connectors; payment and ordinals
 * accounts are both kept, payment selected; balances come from the network's Esplora API
 * (UTXO sums, mempool included); messages and PSBTs are signed by the wallet.
 */
export function createBip122Adapter(parts: Bip122AdapterParts): ChainAdapter & ReturnType<typeof createWalletStandardAdapter> {
  const { connection, gate } = parts;
  const appNetworks = () => parts.networks();
  const shared = createWalletStandardAdapter(parts, {
    namespace: NS,
    supports: (wallet) =>
      typeof (wallet.features['bitcoin:connect'] as BitcoinConnectFeature | undefined)?.connect === 'function' ||
      (Array.isArray(wallet.chains) && wallet.chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:')) && typeof (wallet.features['standard:connect'] as StandardConnectFeature | undefined)?.connect === 'function'),
    async requestAccounts(wallet, silent) {
      // No silent `bitcoin:connect` exists: a wallet that still trusts the site lists its accounts,
      // or (a wallet that restores its session asynchronously) answers a silent `standard:connect`.
      if (silent) {
        if (wallet.accounts.length > 0) return wallet.accounts;
        const standard = wallet.features['standard:connect'] as StandardConnectFeature | undefined;
        const result = await standard?.connect({ silent: true }).catch(() => undefined);
        return Array.isArray(result?.accounts) ? result.accounts : [];
      }
      const bitcoin = wallet.features['bitcoin:connect'] as BitcoinConnectFeature | undefined;
      const result = bitcoin ? await bitcoin.connect({ purposes: ['payment', 'ordinals'] }) : await (wallet.features['standard:connect'] as StandardConnectFeature).connect();
      if (!result || !Array.isArray(result.accounts)) throw new InvalidBitcoinResponseError(wallet.name, 'no account list');
      return result.accounts;
    },
    toAccounts: (accounts, network) =>
      accounts
        .filter(validOn(network))
        .map((a): Account => ({ address: `${network}:${a.address}`, type: accountKind(a.address, network), ...(a.publicKey instanceof Uint8Array && a.publicKey.length > 0 ? { publicKey: hex.encode(a.publicKey) } : {}) }))
        .sort((a, b) => Number(a.type !== 'payment') - Number(b.type !== 'payment')),
    pickNetwork(wallet, current) {
      const networks = appNetworks().map((n) => n.caipNetworkId);
      const candidates = current && networks.includes(current) ? [current, ...networks] : networks;
      // Wallet Standard chains (`bitcoin:regtest`) or, from a WalletConnect session, CAIP-2 ids.
      return candidates.find((id) => wallet.accounts.some(validOn(id))) ?? candidates.find((id) => wallet.chains.includes(id) || wallet.chains.includes(bitcoinWalletChainOf(id)));
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
  const currentNetwork = (): Network => {
    const id = connection.get(NS).network;
    const network = appNetworks().find((n) => n.caipNetworkId === id);
    if (!network) throw new InvalidBitcoinRequestError(`the active network ${id ?? '(none)'} is not one of the app's networks`);
    return network;
  };
  /** The network's Esplora API URLs, in order (the first for building transfers). */
  const esploraUrls = (network: Network): string[] => {
    const urls = (network.rpcUrls?.default.http ?? []).map((url) => url.replace(/\/+$/, ''));
    if (urls.length === 0) throw new InvalidBitcoinRequestError(`${network.name} has no Esplora API URL`);
    return urls;
  };
  const esplora = (network: Network): string => esploraUrls(network)[0]!;
  /** Each Esplora URL in turn until one answers (a refused connection, a timeout, a 408/429/5xx tries the next). */
  const withEsplora = <T>(network: Network, call: (base: string) => Promise<T>): Promise<T> =>
    firstAnsweringUrl(esploraUrls(network), call, (error) => !isEndpointUnreachable(error));
  /** The wallet account for an address (the selected one when absent). */
  const accountFor = (address: unknown): { wallet: StandardWallet; account: StandardWalletAccount } => {
    const { wallet, account } = active();
    if (address === undefined) return { wallet, account };
    const match = wallet.accounts.find((a) => a.address === address);
    if (!match) throw new InvalidBitcoinRequestError(`${String(address).slice(0, 90)} is not an address of the connected wallet`);
    return { wallet, account: match };
  };

  const signMessageWith = async (account: StandardWalletAccount, wallet: StandardWallet, message: string): Promise<string> => {
    const [output] = await feature<SignMessageFeature>(wallet, 'bitcoin:signMessage').signMessage({ account, message: new TextEncoder().encode(message) });
    if (!(output?.signature instanceof Uint8Array) || output.signature.length === 0) throw new InvalidBitcoinResponseError(wallet.name, 'a signature that is not bytes');
    return base64.encode(output.signature);
  };

  /** Signs a PSBT with the wallet; finalises and broadcasts through Esplora when asked. */
  const signPsbt = async (psbtBase64: unknown, signInputs: unknown, broadcast: boolean): Promise<{ psbt: string; txid?: string }> => {
    if (typeof psbtBase64 !== 'string') throw new InvalidBitcoinRequestError('psbt must be a base64 string');
    let psbt: Uint8Array;
    try {
      psbt = base64.decode(psbtBase64);
    } catch {
      throw new InvalidBitcoinRequestError('psbt is not valid base64');
    }
    if (!Array.isArray(signInputs)) throw new InvalidBitcoinRequestError('signInputs must be a list of { address, index }');
    const { wallet } = active();
    const byAccount = new Map<StandardWalletAccount, number[]>();
    for (const input of signInputs as Array<{ address?: unknown; index?: unknown }>) {
      if (!Number.isSafeInteger(input?.index) || (input.index as number) < 0) throw new InvalidBitcoinRequestError('every signInputs entry needs a non-negative index');
      const { account } = accountFor(input.address);
      byAccount.set(account, [...(byAccount.get(account) ?? []), input.index as number]);
    }
    const network = currentNetwork();
    const [output] = await feature<SignTransactionFeature>(wallet, 'bitcoin:signTransaction').signTransaction({
      psbt,
      inputsToSign: [...byAccount].map(([account, signingIndexes]) => ({ account, signingIndexes })),
      chain: bitcoinWalletChainOf(network.caipNetworkId),
    });
    if (!(output?.signedPsbt instanceof Uint8Array)) throw new InvalidBitcoinResponseError(wallet.name, 'a signed PSBT that is not bytes');
    const signed = base64.encode(output.signedPsbt);
    if (!broadcast) return { psbt: signed };
    const { finalizePsbt } = await import('./psbt');
    const txHex = finalizePsbt(output.signedPsbt, network.caipNetworkId);
    return { psbt: signed, txid: await broadcastTx(network, txHex) };
  };

  // Broadcasting one transaction to a second API is harmless (same txid): a dead one is skipped.
  const broadcastTx = (network: Network, txHex: string): Promise<string> =>
    withEsplora(network, async (base) => {
      const response = await fetch(`${base}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: txHex });
      const text = (await response.text()).trim();
      if (response.status >= 500 || response.status === 429) throw new HttpError(response.status, `${base}/tx`, text.slice(0, 200));
      if (!response.ok) throw new InvalidBitcoinResponseError('The Esplora API', `${response.status}: ${text.slice(0, 200)}`);
      if (!/^[0-9a-f]{64}$/.test(text)) throw new InvalidBitcoinResponseError('The Esplora API', 'a broadcast reply that is not a txid');
      return text;
    });

  const execute = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'getAccountAddresses':
        return connection.get(NS).accounts.map((a) => ({ address: a.address.split(':')[2], ...(a.publicKey ? { publicKey: a.publicKey } : {}), intention: a.type === 'ordinal' ? 'ordinal' : 'payment' }));
      case 'signMessage': {
        if (typeof params.message !== 'string') throw new InvalidBitcoinRequestError('message must be a string');
        const { wallet, account } = accountFor(params.address);
        return { address: account.address, signature: await signMessageWith(account, wallet, params.message) };
      }
      case 'signPsbt':
        return signPsbt(params.psbt, params.signInputs, params.broadcast === true);
      case 'sendTransfer': {
        const network = currentNetwork();
        const { account } = accountFor(undefined);
        const recipient = params.recipientAddress;
        if (typeof recipient !== 'string' || !isBitcoinAddress(recipient, network.caipNetworkId)) throw new InvalidBitcoinRequestError(`recipientAddress is not a ${network.name} address`);
        if (typeof params.amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(params.amount)) throw new InvalidBitcoinRequestError('amount must be a positive whole number of satoshis, as a string');
        const { buildTransferPsbt } = await import('./psbt');
        const built = await buildTransferPsbt({ esploraUrl: esplora(network), caipNetworkId: network.caipNetworkId, from: account, to: recipient, amount: BigInt(params.amount), feeRate: params.feeRate });
        const { txid } = await signPsbt(built.psbt, built.signIndexes.map((index) => ({ address: account.address, index })), true);
        return { txid };
      }
      default:
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    }
  };

  const provider: Bip122Provider = {
    async request(args) {
      if (typeof args?.method !== 'string') throw new InvalidBitcoinRequestError('method must be a string');
      const { connectorId } = active();
      const params = typeof args.params === 'object' && args.params !== null ? (args.params as Record<string, unknown>) : {};
      return gate.request(NS, { method: args.method, params: args.params }, () => execute(args.method, params), { walletConfirms: !parts.approvalRequired?.includes(connectorId) });
    },
  };

  const adapter: ChainAdapter & typeof shared = {
    ...shared,
    namespace: NS,
    /** Confirmed plus mempool balance of the address, from the Esplora API. */
    async getBalance(address, network) {
      // A read: the RPC read timeout (10 s), not the client's 30 s, so a dead Esplora is reported soon.
      const path = `/address/${encodeURIComponent(address.split(':')[2] ?? '')}`;
      const body = await withEsplora(network, (base) => parts.http.get<{ chain_stats?: unknown; mempool_stats?: unknown }>(`${base}${path}`, { timeoutMs: RPC_READ_TIMEOUT_MS }));
      if (!validStats(body?.chain_stats) || !validStats(body?.mempool_stats)) throw new InvalidBitcoinResponseError('The Esplora API', 'address stats without funded/spent sums');
      const sats = body.chain_stats.funded_txo_sum - body.chain_stats.spent_txo_sum + body.mempool_stats.funded_txo_sum - body.mempool_stats.spent_txo_sum;
      return { value: BigInt(sats), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /** What a pending `signPsbt` or `sendTransfer` will do (the approval view's reading; the decoder loads on first use and reads the network's Esplora API). */
    async describeApproval(request, context) {
      const { createBip122ApprovalDecoder, esploraReadPath } = await import('./approval/createBip122ApprovalDecoder');
      const { network } = context;
      const buildTransfer = async (to: string, amount: bigint) => {
        const { account } = active();
        const built = await (await import('./psbt')).buildTransferPsbt({ esploraUrl: esplora(network), caipNetworkId: network.caipNetworkId, from: account, to, amount });
        return { psbt: built.psbt, signInputs: built.signIndexes.map((index) => ({ address: account.address, index })) };
      };
      return createBip122ApprovalDecoder({ buildTransfer }).decode(request, {
        ...context,
        account: context.account ?? connection.get(NS).address?.split(':')[2],
        // The wallet's payment and ordinals addresses, from the connection: only what goes back to one of them is change.
        ownAddresses: connection.get(NS).accounts.map((a) => a.address.split(':')[2]!),
        // Only the decoder's Esplora reads (esploraReadPath refuses any other): the body as text, with the RPC read timeout (10 s).
        read: async (method, params) => {
          const path = esploraReadPath(method, params, network.caipNetworkId);
          return withEsplora(network, async (base) => (await parts.http.getBlob(`${base}${path}`, { timeoutMs: RPC_READ_TIMEOUT_MS })).text());
        },
        now: Date.now,
      });
    },
    /** A transfer's recipient: an address of this Bitcoin network, or why not. */
    async checkRecipient(input, network) {
      const address = input.trim();
      return isBitcoinAddress(address, network.caipNetworkId) ? { address } : { problem: `not a valid ${network.name} address` };
    },
    /** The fee of a transfer from the payment account: the PSBT it would build (coin selection, change) at Esplora's 6-block rate. */
    async estimateTransfer(transfer, network) {
      if (transfer.token !== undefined) throw new InvalidBitcoinRequestError('Bitcoin transfers carry no token');
      const { account } = active();
      const { buildTransferPsbt } = await import('./psbt');
      const { fee } = await buildTransferPsbt({ esploraUrl: esplora(network), caipNetworkId: network.caipNetworkId, from: account, to: transfer.to, amount: transfer.amount });
      return { value: fee, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /** Sends sats from the payment account through the gated provider's `sendTransfer` (a PSBT the wallet signs); resolves the txid. */
    async sendTransfer(transfer, network) {
      if (transfer.token !== undefined) throw new InvalidBitcoinRequestError('Bitcoin transfers carry no token');
      if (currentNetwork().caipNetworkId !== network.caipNetworkId) throw new InvalidBitcoinRequestError(`the wallet is on another network than ${network.name}`);
      const { txid } = (await provider.request({ method: 'sendTransfer', params: { recipientAddress: transfer.to, amount: String(transfer.amount) } })) as { txid?: unknown };
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new InvalidBitcoinResponseError('The wallet', 'something that is not a txid');
      return txid;
    },
    /**
     * A sent transaction's state from its `status` in Esplora's `/tx/:txid`; dropped when Esplora no
     * longer knows it (404). Not `/tx/:txid/status`: electrs answers it `{ confirmed: false }` for a
     * transaction it does not know, so a dropped one would look pending for ever.
     */
    async transferStatus(id, network) {
      if (!/^[0-9a-f]{64}$/.test(id)) throw new InvalidBitcoinRequestError('the transaction id is not a txid');
      return withEsplora(network, async (base) => {
        const response = await fetch(`${base}/tx/${id}`);
        if (response.status === 404) return 'dropped';
        if (!response.ok) throw new HttpError(response.status, `${base}/tx/${id}`, (await response.text()).slice(0, 200));
        const body = (await response.json()) as { status?: { confirmed?: unknown } };
        return body.status?.confirmed === true ? 'confirmed' : 'pending';
      });
    },
    /** The address's transactions from Esplora (`/address/:a/txs`, then `/txs/chain/:last` per older page), pending first. */
    async getActivity(address, network, cursor) {
      if (cursor !== undefined && !/^[0-9a-f]{64}$/.test(cursor)) throw new InvalidBitcoinRequestError('the activity cursor is not a txid');
      const plain = address.split(':')[2] ?? '';
      const path = `/address/${encodeURIComponent(plain)}/txs${cursor ? `/chain/${cursor}` : ''}`;
      const [body, { parseEsploraActivity }] = await Promise.all([
        withEsplora(network, (base) => parts.http.get<unknown>(`${base}${path}`, { timeoutMs: RPC_READ_TIMEOUT_MS })),
        import('./activity'),
      ]);
      return parseEsploraActivity(body, plain, network, (problem) => parts.logger.warn(`Ignored an activity entry: ${problem}`));
    },
    /** Signs a text message with the selected (payment) account; base64 signature (BIP-322 or legacy, as the wallet does). */
    async signMessage(message) {
      if (!connection.get(NS).address) throw new NoActiveCaipAddressError();
      const { wallet, account } = active();
      return signMessageWith(account, wallet, message);
    },
    getProvider: () => provider,
  };
  return adapter;
}
