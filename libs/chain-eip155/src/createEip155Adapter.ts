import {
  AdapterNotFoundError,
  createWalletSlots,
  jsonRpcRequest,
  NoActiveCaipAddressError,
  PorticoError,
  type Account,
  type ChainAdapter,
  type ConnectionStore,
  type ConnectorRegistry,
  type HttpClient,
  type Logger,
  type Network,
  type RequestGate,
} from '@portico/kernel';
import type { AnnouncedWallet } from './discovery/discoverEip6963';
import type { Eip1193Provider } from './discovery/Eip1193Provider';
import { chainIdOf } from './chainId';
import type * as EvmCodec from './evmCodec';
import { parseWalletAssets } from './walletAssets';
import { rpcUrlsFor, type RpcOptions } from './rpcUrls';

const NS = 'eip155';
/** Id of the legacy `window.ethereum` connector. */
export const LEGACY_INJECTED_ID = 'injected';
/** Codes after which a switch is retried by first adding the chain (spec: 4902, 5000, 32603). */
export const ADD_CHAIN_CODES: ReadonlySet<number> = new Set([4902, 5000, 32603, -32603]);

/** The wallet sent something that is not an EVM account list. */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError';
  constructor(method: string, problem: string) {
    super(`The wallet answered ${method} with ${problem}`, { code: 'eip155/invalid-wallet-response' });
  }
}

/** What the adapter needs from the kernel. */
export interface Eip155AdapterParts {
  connection: ConnectionStore;
  connectors: ConnectorRegistry;
  gate: RequestGate;
  http: HttpClient;
  logger: Logger;
  pluginId: string;
  rpc: RpcOptions;
  /** Connector ids of wallets with no confirmation UI of their own: Portico asks the user instead. */
  approvalRequired?: readonly string[];
}

interface Wallet {
  id: string;
  provider: Eip1193Provider;
}

function codeOf(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  const code = typeof e?.code === 'number' ? e.code : e?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

type Codec = typeof EvmCodec;

function toAccounts(codec: Codec, value: unknown, chainId: number): Account[] {
  if (!Array.isArray(value)) throw new InvalidWalletResponseError('eth_accounts', 'something that is not a list');
  return value.map((address) => {
    if (!codec.isEip155Address(address)) throw new InvalidWalletResponseError('eth_accounts', `an invalid address ${JSON.stringify(address).slice(0, 60)}`);
    return { address: `${NS}:${chainId}:${codec.getAddress(address)}`, type: 'eoa' as const };
  });
}

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value)) throw new InvalidWalletResponseError('eth_chainId', `${JSON.stringify(value)}, not a hex chain id`);
  return Number.parseInt(value, 16);
}

/**
 * The eip155 chain adapter: wallets discovered by EIP-6963 (and the legacy injected
 * provider) become connectors; connecting, wallet events and network switches keep the
 * kernel's connection store in sync.
 */
export function createEip155Adapter(parts: Eip155AdapterParts): ChainAdapter & {
  addWallet(wallet: AnnouncedWallet): void;
  addLegacyProvider(provider: Eip1193Provider): void;
  reconnect(connectorId: string): Promise<boolean>;
  dispose(): void;
} {
  const { connection, connectors, gate } = parts;
  const wallets = createWalletSlots<Wallet>();
  const unregister: Array<() => void> = [];
  /** Providers listed under another plugin's id (a multi-chain twin): their re-announcements are not new wallets. */
  const twinned = new WeakSet<Eip1193Provider>();
  let active: { wallet: Wallet; off: () => void } | undefined;
  /** Listeners the host put on the gated provider; they follow whichever wallet is connected. */
  const hostListeners = new Map<string, Set<(...args: never[]) => void>>();
  const toHost = (event: string, ...args: unknown[]) => hostListeners.get(event)?.forEach((l) => (l as (...a: unknown[]) => void)(...args));
  let codecPromise: Promise<Codec> | undefined;
  const loadCodec = () => (codecPromise ??= import('./evmCodec'));

  const register = (ownId: string, name: string, type: 'ANNOUNCED' | 'INJECTED', provider: Eip1193Provider, icon?: string, rdns?: string) => {
    if (wallets.has(ownId) || twinned.has(provider)) return;
    // The same extension already listed by another chain plugin (same name and icon, e.g. its
    // Wallet Standard side): list under that id, so one entry connects every namespace.
    const twin = icon ? connectors.getSnapshot().find((c) => !c.namespaces.includes(NS) && c.name.toLowerCase() === name.toLowerCase() && c.icon === icon) : undefined;
    const id = twin?.id ?? ownId;
    try {
      unregister.push(connectors.register({ id, name, type, namespaces: [NS], icon, rdns }, parts.pluginId));
    } catch (error) {
      parts.logger.warn(`Ignored wallet "${id}"`, error);
      return;
    }
    wallets.set(id, { id, provider });
    if (twin) twinned.add(provider);
  };

  const detach = () => {
    active?.off();
    active = undefined;
  };

  /** The wallet is on another chain: the network, then the accounts' CAIP-10 chain part, follow. */
  const moveToChain = (caipNetworkId: string) => {
    connection.setNetwork(NS, caipNetworkId);
    const { accounts: list } = connection.get(NS);
    connection.setAccounts(NS, list.map((a) => ({ ...a, address: `${caipNetworkId}:${a.address.split(':')[2]}` })));
  };

  const attach = async (wallet: Wallet, rawAccounts: unknown) => {
    const [codec, rawChainId] = await Promise.all([loadCodec(), wallet.provider.request({ method: 'eth_chainId' })]);
    const chainId = parseChainId(rawChainId);
    const accounts = toAccounts(codec, rawAccounts, chainId);
    if (accounts.length === 0) throw new NoActiveCaipAddressError();
    detach();
    const onAccounts = (list: unknown) => {
      toHost('accountsChanged', list);
      try {
        const current = connection.get(NS).network;
        connection.setAccounts(NS, toAccounts(codec, list, current ? chainIdOf(current) : chainId));
        if (connection.get(NS).status === 'disconnected') detach();
      } catch (error) {
        parts.logger.warn('Ignored an invalid accountsChanged event', error);
      }
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
      off: () => {
        wallet.provider.removeListener?.('accountsChanged', onAccounts as never);
        wallet.provider.removeListener?.('chainChanged', onChain as never);
        wallet.provider.removeListener?.('disconnect', onDisconnect as never);
      },
    };
    connection.setConnected(NS, { accounts, network: `${NS}:${chainId}`, connectorId: wallet.id });
  };

  const connected = (): Wallet => {
    if (!active || connection.get(NS).status !== 'connected') throw Object.assign(new Error('The wallet is not connected'), { code: 4900 });
    return active.wallet;
  };

  /**
   * One EIP-1193 provider object for the host, delegating to whichever wallet is connected;
   * it always answers with a promise, and its listeners survive wallet changes.
   */
  const gatedProvider: Eip1193Provider = {
    request: async (args) => {
      const wallet = connected();
      return gate.request(NS, args, () => wallet.provider.request(args), { walletConfirms: !parts.approvalRequired?.includes(wallet.id) });
    },
    on: (event, listener) => {
      const set = hostListeners.get(event) ?? new Set();
      set.add(listener);
      hostListeners.set(event, set);
    },
    removeListener: (event, listener) => void hostListeners.get(event)?.delete(listener),
  };

  return {
    namespace: NS,
    addWallet: (w) => {
      // rdns is self-asserted: a second wallet claiming a known one is listed too (under its own
      // id), so a page script cannot hide the real wallet by announcing first.
      const taken = wallets.get(w.rdns);
      const id = taken && taken.provider !== w.provider ? `${w.rdns}#${w.uuid.slice(0, 8)}` : w.rdns;
      register(id, w.name, 'ANNOUNCED', w.provider, w.icon, w.rdns);
    },
    addLegacyProvider: (provider) => register(LEGACY_INJECTED_ID, 'Browser Wallet', 'INJECTED', provider),
    async connect(connectorId) {
      const wallet = wallets.get(connectorId);
      if (!wallet) throw new AdapterNotFoundError(`no EVM wallet "${connectorId}"`);
      connection.setConnecting(NS, connectorId);
      try {
        await attach(wallet, await wallet.provider.request({ method: 'eth_requestAccounts' }));
      } catch (error) {
        if (connection.get(NS).status !== 'connected') connection.setDisconnected(NS);
        throw error;
      }
    },
    /** Silent reconnect after a reload: `eth_accounts`, never a prompt. Waits up to 3 s for the wallet to announce. */
    async reconnect(connectorId) {
      const wallet = await wallets.waitFor(connectorId, 3000);
      // The user may have connected (or started connecting) another wallet meanwhile: leave that alone.
      const stillRestoring = () => active === undefined && connection.get(NS).status === 'connecting' && connection.get(NS).connectorId === connectorId;
      try {
        const accounts = wallet && stillRestoring() ? await wallet.provider.request({ method: 'eth_accounts' }) : [];
        if (!wallet || !Array.isArray(accounts) || accounts.length === 0) throw new Error('not authorised');
        if (!stillRestoring()) return false;
        await attach(wallet, accounts);
        return true;
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
      const chainId = (await loadCodec()).numberToHex(chainIdOf(network.caipNetworkId));
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
    async getBalance(address, network) {
      const hex = await jsonRpcRequest<string>(parts.http, rpcUrlsFor(network, parts.rpc), 'eth_getBalance', [address.split(':')[2], 'latest']);
      if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw new InvalidWalletResponseError('eth_getBalance', 'a non-hex balance');
      return { value: BigInt(hex), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol };
    },
    /** ENS name and avatar, on Ethereum mainnet only, through the network's RPC URLs (lazy module). */
    async getIdentity(address, network) {
      const urls = network.caipNetworkId === 'eip155:1' ? rpcUrlsFor(network, parts.rpc) : [];
      // No RPC to ask: the lookup module is not even loaded.
      if (urls.length === 0) return undefined;
      const { lookupEnsIdentity } = await import('./ens');
      return lookupEnsIdentity((method, params) => jsonRpcRequest(parts.http, urls, method, params), address.split(':')[2]!, (error) =>
        parts.logger.warn('ENS avatar lookup failed', error),
      );
    },
    /** EIP-7811: only when the wallet says `assetDiscovery` is supported on this chain. */
    async getTokens(address, network) {
      const wallet = active?.wallet;
      if (!wallet || connection.get(NS).status !== 'connected') return undefined;
      const codec = await loadCodec();
      const hex = codec.numberToHex(chainIdOf(network.caipNetworkId));
      const account = address.split(':')[2];
      const capabilities = (await wallet.provider.request({ method: 'wallet_getCapabilities', params: [account, [hex]] }).catch(() => undefined)) as
        | Record<string, { assetDiscovery?: { supported?: unknown } }>
        | undefined;
      if (capabilities?.[hex]?.assetDiscovery?.supported !== true) return undefined;
      const assets = await wallet.provider.request({ method: 'wallet_getAssets', params: [{ account, chainFilter: [hex] }] });
      return parseWalletAssets(assets, hex, network, codec.formatUnits, (problem) => parts.logger.warn(`Ignored a wallet asset: ${problem}`));
    },
    async signMessage(message) {
      const address = connection.get(NS).address?.split(':')[2];
      if (!address) throw new NoActiveCaipAddressError();
      return (await connected().provider.request({ method: 'personal_sign', params: [(await loadCodec()).stringToHex(message), address] })) as string;
    },
    getProvider: () => gatedProvider,
    attachProvider(connectorId, provider) {
      const candidate = provider as Eip1193Provider | undefined;
      if (typeof candidate?.request !== 'function') throw new PorticoError(`The provider for "${connectorId}" has no request()`, { code: 'eip155/invalid-provider' });
      if (wallets.has(connectorId)) throw new PorticoError(`"${connectorId}" already has a provider`, { code: 'eip155/provider-taken' });
      const wallet: Wallet = { id: connectorId, provider: candidate };
      wallets.set(connectorId, wallet);
      // Detaching (the plugin is disposed, e.g. the page unloads) keeps the stored connection,
      // so the next load restores it; the provider's listeners go.
      return () => {
        if (wallets.delete(connectorId, wallet) && active?.wallet === wallet) detach();
      };
    },
    dispose() {
      detach();
      hostListeners.clear();
      for (const off of unregister.splice(0)) off();
      wallets.clear();
    },
  };
}
