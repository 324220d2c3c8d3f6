import { type Account, type ConnectTicket, type Network, type TransferRequest, untilAborted } from '@portico/kernel';
import type { ApprovalDecoder } from '@portico/core';
import { jsonRpcRequest, RpcUnavailableError } from '@portico/kernel/http';
import { AdapterNotFoundError, NoActiveCaipAddressError, PorticoError } from '@portico/kernel/errors';
import { ADD_CHAIN_CODES, InvalidWalletResponseError, type AdapterState } from './adapterParts';
import type { ListedWallet } from './discovery/createRdnsClaims';
import type { SentTransaction } from './pendingActivity';
import type { Eip1193Provider } from './discovery/Eip1193Provider';
import { chainIdOf } from './chainId';
import type { EtherscanClient } from './etherscanClient';
import type { ArtworkCache } from './activity';
import * as codec from './evmCodec';
import { rpcUrlsFor } from './rpcUrls';

/** What `readRpc` passes to the network's RPC: reads only (what viem's public actions, and so a wagmi host's reads, send). */
const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_getProof',
  'eth_createAccessList',
  'eth_chainId',
]);

const NS = 'eip155';

function codeOf(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  const code = typeof e?.code === 'number' ? e.code : e?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

function toAccounts(value: unknown, chainId: bigint, type: 'eoa' | 'smartAccount' = 'eoa'): Account[] {
  if (!Array.isArray(value)) throw new InvalidWalletResponseError('eth_accounts', 'something that is not a list');
  return value.map((address) => {
    if (!codec.isEip155Address(address)) throw new InvalidWalletResponseError('eth_accounts', `an invalid address ${JSON.stringify(address).slice(0, 60)}`);
    return { address: `${NS}:${chainId}:${codec.getAddress(address)}`, type };
  });
}

/** A wallet's hex chain id as a bigint (exact above 2^53; CAIP-2 references hold up to 32 digits). */
function parseChainId(value: unknown): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,26}$/.test(value)) throw new InvalidWalletResponseError('eth_chainId', `${JSON.stringify(value)}, not a hex chain id`);
  return BigInt(value);
}

/** The session half of the eip155 adapter; `createEip155Adapter` delegates to it once loaded. */
export type Eip155Session = ReturnType<typeof createEip155Session>;

/**
 * The half of the eip155 adapter a wallet session needs: connecting and silent reconnect,
 * wallet events kept in the connection store, network switches, reads through the network's
 * RPC, signing and the host's gated provider. A module of its own, with viem's helpers, loaded
 * when the modal first opens or a session is restored: a page that only shows a connect button
 * never downloads it.
 */
export function createEip155Session(state: AdapterState) {
  /** The approval decoder, loaded with the first request the approval view reads. */
  let decoder: Promise<ApprovalDecoder> | undefined;
  const { parts, wallets, claims, hostListeners } = state;
  const { connection, gate } = parts;
  /** `silent`: restored by `reconnect`, not chosen by the user in this page. */
  let active: { wallet: ListedWallet; silent: boolean; off: () => void } | undefined;
  const toHost = (event: string, ...args: unknown[]) => hostListeners.get(event)?.forEach((l) => (l as (...a: unknown[]) => void)(...args));
  // One account API client for Activity, NFTs and Tokens: their calls share each key's pace.
  // (Kept here rather than the kernel's `loadOnce`: importing it into this module moved the kernel's errors into a chunk of their own in multi-page builds, +250 B.)
  let explorerClient: Promise<EtherscanClient> | undefined;
  // The NFT metadata Activity has read (its rows' names and images), kept while this adapter lives.
  const artwork: ArtworkCache = new Map();
  const explorer = () =>
    (explorerClient ??= import('./etherscanClient').then(
      ({ createEtherscanClient }) => createEtherscanClient(parts.http, { rps: parts.explorerRps }),
      (error: unknown) => {
        explorerClient = undefined;
        throw error;
      },
    ));

  const detach = () => {
    active?.off();
    active = undefined;
  };
  // Disconnected by something other than this adapter (another tab of the site): the wallet is let go.
  const offStore = connection.subscribe(() => {
    if (active && connection.get(NS).status === 'disconnected') detach();
  });

  /** The wallet is on another chain: the network, then the accounts' CAIP-10 chain part, follow. */
  const moveToChain = (caipNetworkId: string) => {
    connection.setNetwork(NS, caipNetworkId);
    const { accounts: list } = connection.get(NS);
    connection.setAccounts(NS, list.map((a) => ({ ...a, address: `${caipNetworkId}:${a.address.split(':')[2]}` })));
  };

  /**
   * An embedded wallet's (AUTH) account is a smart account when it batches atomically on the
   * chain (EIP-5792 `atomic` ready or supported: an EIP-7702 account, the same address); any
   * other wallet's accounts are taken as EOAs (no extra request to wallets that may not answer).
   */
  const accountTypeOf = async (wallet: ListedWallet, rawAccounts: unknown, chainId: bigint): Promise<'eoa' | 'smartAccount'> => {
    const first = Array.isArray(rawAccounts) ? rawAccounts[0] : undefined;
    if (parts.connectors.get(wallet.id)?.type !== 'AUTH' || typeof first !== 'string') return 'eoa';
    const hex = `0x${chainId.toString(16)}`;
    const capabilities = (await wallet.provider.request({ method: 'wallet_getCapabilities', params: [first, [hex]] }).catch(() => undefined)) as Record<string, { atomic?: { status?: unknown } } | undefined> | undefined;
    const status = capabilities?.[hex]?.atomic?.status;
    return status === 'supported' || status === 'ready' ? 'smartAccount' : 'eoa';
  };

  const attach = async (wallet: ListedWallet, rawAccounts: unknown, silent: boolean, attempt?: ConnectTicket) => {
    const chainId = parseChainId(await untilAborted(wallet.provider.request({ method: 'eth_chainId' }), attempt?.signal));
    const accounts = toAccounts(rawAccounts, chainId, await untilAborted(accountTypeOf(wallet, rawAccounts, chainId), attempt?.signal));
    if (accounts.length === 0) throw new NoActiveCaipAddressError();
    // Cancelled or superseded while the chain id was read: the wallet that is connected stays attached.
    if (attempt?.signal.aborted) throw attempt.signal.reason;
    detach();
    const onAccounts = (list: unknown) => {
      toHost('accountsChanged', list);
      const current = connection.get(NS).network;
      const chain = current ? chainIdOf(current) : chainId;
      accountTypeOf(wallet, list, chain)
        .then((type) => {
          if (active?.wallet !== wallet) return;
          connection.setAccounts(NS, toAccounts(list, chain, type));
          if (connection.get(NS).status === 'disconnected') detach();
        })
        .catch((error: unknown) => parts.logger.warn('Ignored an invalid accountsChanged event', error));
    };
    const onChain = (hex: unknown) => {
      toHost('chainChanged', hex);
      try {
        moveToChain(`${NS}:${parseChainId(hex)}`);
      } catch (error) {
        parts.logger.warn('Ignored an invalid chainChanged event', error);
      }
    };
    const onDisconnect = (error: unknown) => {
      toHost('disconnect', error);
      detach();
      connection.setDisconnected(NS);
    };
    wallet.provider.on?.('accountsChanged', onAccounts as never);
    wallet.provider.on?.('chainChanged', onChain as never);
    wallet.provider.on?.('disconnect', onDisconnect as never);
    active = {
      wallet,
      silent,
      off: () => {
        wallet.provider.removeListener?.('accountsChanged', onAccounts as never);
        wallet.provider.removeListener?.('chainChanged', onChain as never);
        wallet.provider.removeListener?.('disconnect', onDisconnect as never);
      },
    };
    connection.setConnected(NS, { accounts, network: `${NS}:${chainId}`, connectorId: wallet.id, ...(attempt ? { attempt } : {}) });
  };

  /**
   * EIP-1193 has no way to withdraw a request: a wallet that approves a cancelled attempt later
   * is told to forget the site (`wallet_revokePermissions`, EIP-2255, where supported), unless it
   * is the wallet connected now.
   */
  const forgetLateAnswer = (wallet: ListedWallet, answer: Promise<unknown>) => {
    answer.then(
      () => {
        if (active?.wallet === wallet) return;
        parts.logger.info(`${wallet.id} answered a cancelled connect attempt: ignored`);
        void wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined);
      },
      () => undefined,
    );
  };

  const connected = (): ListedWallet => {
    if (!active || connection.get(NS).status !== 'connected') throw Object.assign(new Error('The wallet is not connected'), { code: 4900 });
    return active.wallet;
  };

  /** Transactions sent through Portico that the account API may not list yet (Activity shows them as pending). */
  const sent: SentTransaction[] = [];
  const remember = (args: Parameters<Eip1193Provider['request']>[0], hash: unknown) => {
    const tx = Array.isArray(args.params) ? (args.params[0] as Record<string, unknown> | undefined) : undefined;
    const network = connection.get(NS).network;
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash) || !network || typeof tx?.from !== 'string' || typeof tx.to !== 'string') return;
    const value = typeof tx.value === 'string' && /^0x[0-9a-fA-F]+$/.test(tx.value) ? BigInt(tx.value) : 0n;
    const data = typeof tx.data === 'string' ? tx.data : typeof tx.input === 'string' ? tx.input : '0x';
    sent.push({ hash, chain: network, from: tx.from, to: tx.to, value, data });
    if (sent.length > 50) sent.shift();
  };

  /**
   * ERC-7715, for the embedded wallet (AUTH) only: a batch sent under a permission the user
   * granted (the `permissions` capability with a grant's 32-byte context) and the revocation of a
   * grant go to the wallet without Portico's approval view: the user approved the grant's scope
   * once, and the wallet holds every batch to it (an unknown, revoked or expired context, or a
   * batch beyond the grant, is refused there; the e-mail plugin refuses any while the
   * smartSessions flag is off). Read from the copy that is sent, plain objects only, so what was
   * checked is what the wallet gets.
   */
  const underGrant = ({ method, params }: { method: string; params?: unknown }): boolean => {
    const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
    const first: unknown = Array.isArray(params) ? params[0] : undefined;
    if (!plain(first)) return false;
    const context = method === 'wallet_revokePermissions' ? first['permissionsContext'] : method === 'wallet_sendCalls' && plain(first['capabilities']) && plain(first['capabilities']['permissions']) ? first['capabilities']['permissions']['context'] : undefined;
    return typeof context === 'string' && /^0x[0-9a-fA-F]{64}$/.test(context);
  };

  /** The gated provider's request: the connected wallet's, through the request gate; errors become EIP-1193 errors. */
  const gatedRequest = async (request: Parameters<Eip1193Provider['request']>[0]): Promise<unknown> => {
    try {
      const wallet = connected();
      // By rdns too: a wallet listed under another id (a multi-chain entry, a contested `rdns#n`) keeps its setting.
      // An embedded wallet (AUTH: e-mail, socials) asks the user in its own frame, which the approval view shows:
      // the frame signs only on a click inside it, so no script on this page can approve for the user.
      const embedded = parts.connectors.get(wallet.id)?.type === 'AUTH';
      const needsApproval = !embedded && !!parts.approvalRequired?.some((id) => id === wallet.id || id === wallet.rdns);
      // A copy the page can no longer change between the check and the send (getters, later edits).
      let args = request;
      let copied = false;
      try {
        args = structuredClone(request);
        copied = true;
      } catch {
        // Not cloneable (a function in the params): sent as given, never under a grant.
      }
      const grant = embedded && copied && underGrant(args);
      const answer = await gate.request(NS, args, () => wallet.provider.request(args), embedded ? (grant ? { walletConfirms: true } : { walletConfirmsInModal: true }) : { walletConfirms: !needsApproval });
      if (args.method === 'eth_sendTransaction') remember(args, answer);
      return answer;
    } catch (error) {
      // The host gets an EIP-1193 error whatever failed (a wallet's plain object, viem's network error, a refusal).
      // The classifier loads on the first failure only: it is not part of the page's first load.
      const errors = await import('@portico/kernel/provider-errors').catch(() => undefined);
      throw errors ? errors.toProviderRpcError(error) : error;
    }
  };

  return {
    /** Another claimant announced the rdns of a silently restored session: it ends, and the user picks on the Connect view. */
    onContested(rdns: string) {
      // A wallet the user chose in this page stays.
      if (!active?.silent || active.wallet.rdns !== rdns) return;
      parts.logger.warn(`Another wallet claims ${rdns}: the silently restored connection is closed`);
      detach();
      connection.setDisconnected(NS);
    },
    /** The wallet's provider went away (its binding detached): stop listening to it if it is the connected one. */
    release(wallet: ListedWallet) {
      if (active?.wallet === wallet) detach();
    },
    /** The gated provider's request: the connected wallet's, through the request gate; errors become EIP-1193 errors. */
    request: gatedRequest,
    async connect(connectorId: string, options: { signal?: AbortSignal | undefined } = {}) {
      const wallet = wallets.get(connectorId);
      if (!wallet) throw new AdapterNotFoundError(`no EVM wallet "${connectorId}"`);
      const ticket = connection.beginConnect(NS, connectorId, options.signal);
      // Any error the provider throws synchronously becomes a rejection like any other.
      const answer = Promise.resolve().then(() => wallet.provider.request({ method: 'eth_requestAccounts' }));
      try {
        await attach(wallet, await untilAborted(answer, ticket.signal), false, ticket);
      } catch (error) {
        // Cancelled or superseded (the attempt's signal aborted) rather than refused or failed.
        const cancelled = ticket.signal.aborted;
        ticket.abandon();
        if (cancelled) forgetLateAnswer(wallet, answer);
        throw error;
      }
    },
    /**
     * Silent reconnect after a reload: `eth_accounts`, never a prompt. Waits up to 3 s for the
     * wallet to announce. Refused while its rdns is contested (before or during the restore):
     * which claimant is the remembered wallet is the user's call, not the announcement order's.
     */
    async reconnect(connectorId: string): Promise<boolean> {
      const wallet = claims.isContestedId(connectorId) ? undefined : await wallets.waitFor(connectorId, 3000);
      // The user may have connected (or started connecting) another wallet meanwhile: leave that alone.
      const stillRestoring = () => active === undefined && connection.get(NS).status === 'connecting' && connection.get(NS).connectorId === connectorId;
      const uncontested = () => !claims.isContestedId(connectorId) && !claims.isContested(wallet?.rdns);
      try {
        const accounts = wallet && uncontested() && stillRestoring() ? await wallet.provider.request({ method: 'eth_accounts' }) : [];
        if (!wallet || !Array.isArray(accounts) || accounts.length === 0) throw new Error('not authorised');
        if (!stillRestoring() || !uncontested()) throw new Error('no longer restorable');
        await attach(wallet, accounts, true);
        if (uncontested()) return true;
        // Another claimant announced while the chain id was read: the restored session goes too.
        detach();
        connection.setDisconnected(NS);
        return false;
      } catch {
        if (stillRestoring()) connection.setDisconnected(NS);
        return false;
      }
    },
    async disconnect() {
      const wallet = active?.wallet;
      detach();
      connection.setDisconnected(NS);
      // Best effort: wallets that support it forget the site, so the next connect prompts again.
      await wallet?.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined);
    },
    async switchNetwork(network: Network) {
      const chainId = codec.numberToHex(chainIdOf(network.caipNetworkId));
      if (connection.get(NS).status !== 'connected') {
        connection.setNetwork(NS, network.caipNetworkId);
        return;
      }
      const { provider } = connected();
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      } catch (error) {
        if (!ADD_CHAIN_CODES.has(codeOf(error) ?? 0)) throw error;
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId,
              chainName: network.name,
              nativeCurrency: network.nativeCurrency,
              rpcUrls: rpcUrlsFor(network, parts.rpc),
              ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
            },
          ],
        });
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
      // Also when the wallet has not sent chainChanged (yet): the store never mixes chains.
      moveToChain(network.caipNetworkId);
    },
    async getBalance(address: string, network: Network) {
      const hex = await jsonRpcRequest<string>(parts.http, rpcUrlsFor(network, parts.rpc), 'eth_getBalance', [address.split(':')[2], 'latest']);
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw new InvalidWalletResponseError('eth_getBalance', 'a non-hex balance');
      return { value: BigInt(hex), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /** `eth_sendTransaction`: gas (the request's, else `eth_estimateGas`) × gas price, through the network's RPC (lazy module). */
    async estimateFee(request: { readonly method: string; readonly params: unknown }, from: string, network: Network) {
      if (request.method !== 'eth_sendTransaction') return undefined;
      const { estimateTransactionFee } = await import('./estimateFee');
      const urls = rpcUrlsFor(network, parts.rpc);
      const tx = Array.isArray(request.params) ? request.params[0] : undefined;
      const value = await estimateTransactionFee((method, params) => jsonRpcRequest(parts.http, urls, method, params), tx, from.split(':')[2]!);
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /**
     * A read-only call through the network's RPC; other methods are refused. Where none of the
     * network's URLs answers (a network listed without `rpcUrls`), the connected wallet is asked,
     * only while it is on that network: a read is never answered with another chain's state.
     */
    /** What a pending request will do (the approval view's reading; the decoder loads on first use, reads go to the network's RPC). */
    async describeApproval(request: { readonly method: string; readonly params?: unknown }, context: { readonly network: Network; readonly account?: string | undefined; readonly locale: string }) {
      decoder ??= import('./approval/createEip155ApprovalDecoder').then(({ createEip155ApprovalDecoder }) => createEip155ApprovalDecoder());
      // The chain the request names (a batch's or a transaction's chainId, typed data's domain) is the one it is read and
      // simulated on; one the app does not have is left to the generic reading, which shows the id as it is.
      const named = namedChainId(request);
      const network = named === undefined || `eip155:${named}` === context.network.caipNetworkId ? context.network : parts.networks?.().find((n) => n.caipNetworkId === `eip155:${named}`);
      if (!network) return undefined;
      // Spenders and recipients by their ENS names on Ethereum mainnet only (a name there says nothing of who holds the
      // same address on another chain), when it is one of the app's networks with an RPC to ask.
      const mainnet = network.caipNetworkId === 'eip155:1' ? parts.networks?.().find((n) => n.caipNetworkId === 'eip155:1') : undefined;
      const ensUrls = mainnet ? rpcUrlsFor(mainnet, parts.rpc) : [];
      const ensRpc = (method: string, params: readonly unknown[]) => jsonRpcRequest(parts.http, ensUrls, method, [...params]);
      return (await decoder).decode(request, {
        ...(ensUrls.length > 0 ? { nameOf: async (address: string) => (await import('./ens')).lookupEnsName(ensRpc, address) } : {}),
        network: { caipNetworkId: network.caipNetworkId, name: network.name, nativeCurrency: network.nativeCurrency },
        account: context.account ?? connection.get(NS).address?.split(':')[2],
        read: (method, params) => jsonRpcRequest(parts.http, rpcUrlsFor(network, parts.rpc), method, [...params]),
        locale: context.locale,
        now: Date.now,
      });
    },
    async readRpc(method: string, params: readonly unknown[], network: Network) {
      if (!READ_METHODS.has(method)) throw new PorticoError(`readRpc reads only (${[...READ_METHODS].join(', ')}), not ${method}`, { code: 'eip155/not-a-read' });
      try {
        return await jsonRpcRequest(parts.http, rpcUrlsFor(network, parts.rpc), method, [...params]);
      } catch (error) {
        const now = connection.get(NS);
        if (!(error instanceof RpcUnavailableError) || !active || now.status !== 'connected' || now.network !== network.caipNetworkId) throw error;
        return active.wallet.provider.request({ method, params: [...params] });
      }
    },
    /** A transfer's recipient: a checksummed 0x address, or an ENS name on Ethereum mainnet (resolved), or why not (lazy modules). */
    async checkRecipient(input: string, network: Network) {
      const { checkEvmRecipient, looksLikeEnsName } = await import('./transfers');
      const name = input.trim();
      if (!looksLikeEnsName(name)) return checkEvmRecipient(name, network);
      if (network.caipNetworkId !== 'eip155:1') return { problem: `ENS names resolve on Ethereum mainnet only, not on ${network.name}` };
      const { resolveEnsAddress } = await import('./ens');
      const urls = rpcUrlsFor(network, parts.rpc);
      try {
        const address = await resolveEnsAddress((method, params) => jsonRpcRequest(parts.http, urls, method, params), name);
        return address ? { address: codec.getAddress(address) } : { problem: `${name} has no address` };
      } catch (error) {
        parts.logger.warn(`ENS lookup of ${name} failed`, error);
        return { problem: `${name} could not be looked up` };
      }
    },
    /** A transfer's network fee from the selected account (gas estimate × gas price through the network's RPC). */
    async estimateTransfer(transfer: TransferRequest, network: Network) {
      const from = connection.get(NS).address?.split(':')[2];
      if (!from) throw new NoActiveCaipAddressError();
      const { estimateTransferFee } = await import('./transfers');
      const urls = rpcUrlsFor(network, parts.rpc);
      return estimateTransferFee((method, params) => jsonRpcRequest(parts.http, urls, method, params), transfer, from, network);
    },
    /** Sends Ether or an ERC-20 from the selected account through the gate — `wallet_sendCalls` when the wallet speaks EIP-5792, else `eth_sendTransaction`; resolves the hash. */
    async sendTransfer(transfer: TransferRequest, network: Network) {
      const from = connection.get(NS).address?.split(':')[2];
      if (!from) throw new NoActiveCaipAddressError();
      if (connection.get(NS).network !== network.caipNetworkId) throw new InvalidWalletResponseError('sendTransfer', `a wallet on another network than ${network.name}: switch to it first`);
      const { transferTransaction, sendAsCalls } = await import('./transfers');
      const tx = transferTransaction(transfer, from);
      // A wallet that speaks EIP-5792 (its capabilities name `atomic` for this chain) gets the transfer as a call batch.
      const chainHex = codec.numberToHex(chainIdOf(network.caipNetworkId));
      const capabilities = (await gatedRequest({ method: 'wallet_getCapabilities', params: [from, [chainHex]] }).catch(() => undefined)) as Record<string, { atomic?: unknown }> | undefined;
      const hash = capabilities?.[chainHex]?.atomic !== undefined ? await sendAsCalls(gatedRequest, tx, chainHex) : await gatedRequest({ method: 'eth_sendTransaction', params: [tx] });
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new InvalidWalletResponseError('eth_sendTransaction', 'something that is not a transaction hash');
      if (capabilities?.[chainHex]?.atomic !== undefined) remember({ method: 'eth_sendTransaction', params: [tx] }, hash);
      return hash;
    },
    /** A sent transaction's state from its receipt; dropped when the node knows neither a receipt nor the transaction. */
    async transferStatus(id: string, network: Network) {
      const urls = rpcUrlsFor(network, parts.rpc);
      const receipt = (await jsonRpcRequest(parts.http, urls, 'eth_getTransactionReceipt', [id])) as { status?: unknown } | null;
      if (receipt) return receipt.status === '0x0' ? 'failed' : 'confirmed';
      return (await jsonRpcRequest(parts.http, urls, 'eth_getTransactionByHash', [id])) === null ? 'dropped' : 'pending';
    },
    /** The account's activity from the network's Etherscan-compatible account API, with what this page sent and the API does not list yet first, as pending (lazy modules). */
    async getActivity(address: string, network: Network, cursor?: string) {
      const [{ eip155Activity }, client] = await Promise.all([import('./activity'), explorer()]);
      const page = await eip155Activity({ ...parts, explorer: client, artwork }, address, network, cursor);
      if (!page || cursor !== undefined || !sent.length) return page;
      // What this page sent and the API does not list yet comes first, as pending.
      const { withPendingSends } = await import('./pendingActivity');
      const urls = rpcUrlsFor(network, parts.rpc);
      return withPendingSends(page, sent, address.split(':')[2] ?? '', network, (method, params) => jsonRpcRequest(parts.http, urls, method, params));
    },
    /** The NFTs the account holds, from the account API's transfers and each token's metadata (lazy module). */
    async getNfts(address: string, network: Network) {
      const [{ readNfts }, client] = await Promise.all([import('./nfts'), explorer()]);
      return readNfts({ ...parts, explorer: client }, address, network);
    },
    /** ENS name and avatar, on Ethereum mainnet only, through the network's RPC URLs (lazy module). */
    async getIdentity(address: string, network: Network) {
      const urls = network.caipNetworkId === 'eip155:1' ? rpcUrlsFor(network, parts.rpc) : [];
      // No RPC to ask: the lookup module is not even loaded.
      if (urls.length === 0) return undefined;
      const { lookupEnsIdentity } = await import('./ens');
      return lookupEnsIdentity((method, params) => jsonRpcRequest(parts.http, urls, method, params), address.split(':')[2]!, (error) =>
        parts.logger.warn('ENS avatar lookup failed', error), parts.ipfsGateway,
      );
    },
    /**
     * EIP-7811 `wallet_getAssets` when the wallet says `assetDiscovery` is supported on this
     * chain; else the RPC: the native balance and the network's and account API's ERC-20s
     * through Multicall3 (undefined when the network names neither). Lazy modules.
     */
    async getTokens(address: string, network: Network) {
      const wallet = active?.wallet;
      const hex = codec.numberToHex(chainIdOf(network.caipNetworkId));
      const account = address.split(':')[2];
      const capabilities = (wallet && connection.get(NS).status === 'connected'
        ? await wallet.provider.request({ method: 'wallet_getCapabilities', params: [account, [hex]] }).catch(() => undefined)
        : undefined) as Record<string, { assetDiscovery?: { supported?: unknown } }> | undefined;
      if (!wallet || capabilities?.[hex]?.assetDiscovery?.supported !== true) {
        const [{ readTokenBalances }, client] = await Promise.all([import('./tokenBalances'), explorer()]);
        return readTokenBalances({ ...parts, explorer: client }, address, network);
      }
      const [assets, { parseWalletAssets }] = await Promise.all([wallet.provider.request({ method: 'wallet_getAssets', params: [{ account, chainFilter: [hex] }] }), import('./walletAssets')]);
      return parseWalletAssets(assets, hex, network, codec.formatUnits, (problem) => parts.logger.warn(`Ignored a wallet asset: ${problem}`));
    },
    async signMessage(message: string) {
      const address = connection.get(NS).address?.split(':')[2];
      if (!address) throw new NoActiveCaipAddressError();
      const args = { method: 'personal_sign', params: [codec.stringToHex(message), address] };
      const wallet = connected();
      // The caller (sign-in) is Portico's own confirmation; an embedded wallet still asks in its own frame, which the gate's view shows.
      if (parts.connectors.get(wallet.id)?.type === 'AUTH') return (await gatedRequest(args)) as string;
      return (await wallet.provider.request(args)) as string;
    },
    dispose() {
      offStore();
      detach();
    },
  };
}

/**
 * The decimal chain id a request names, if it names one: `wallet_sendCalls`' and a transaction's
 * `chainId`, typed data's `domain.chainId`; undefined when it names none; `'invalid'` for one that
 * is not a chain id (matching no network: the generic reading shows it).
 */
function namedChainId(request: { readonly method: string; readonly params?: unknown }): string | undefined {
  const params = Array.isArray(request.params) ? request.params : [];
  let raw: unknown;
  if (request.method === 'wallet_sendCalls' || request.method === 'eth_sendTransaction') {
    const first: unknown = params[0];
    raw = typeof first === 'object' && first !== null ? (first as Record<string, unknown>)['chainId'] : undefined;
  } else if (request.method === 'eth_signTypedData_v4') {
    const json = params.find((p) => typeof p === 'string' && p.trimStart().startsWith('{')) ?? params.find((p) => typeof p === 'object' && p !== null);
    try {
      const typed: unknown = typeof json === 'string' ? JSON.parse(json.length > 200_000 ? 'x' : json) : json;
      const domain = typeof typed === 'object' && typed !== null ? (typed as Record<string, unknown>)['domain'] : undefined;
      raw = typeof domain === 'object' && domain !== null ? (domain as Record<string, unknown>)['chainId'] : undefined;
    } catch {
      return undefined;
    }
  }
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return String(raw);
  if (typeof raw === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(raw)) return BigInt(raw).toString();
  return 'invalid';
}
