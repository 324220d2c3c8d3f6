import type { Account, ConnectionStore, ConnectTicket } from '../connection/ConnectionStore';
import { untilAborted } from '../connection/untilAborted';
import type { ConnectorRegistry } from '../connectors/ConnectorRegistry';
import { AdapterNotFoundError, NoActiveCaipAddressError } from '../errors/kernelErrors';
import { ChainNotSupportedError } from '../errors/connectErrors';
import { PorticoError } from '../errors/PorticoError';
import type { Logger } from '../logger/createLogger';
import { createWalletSlots } from './createWalletSlots';
import type { Network } from './networkSchema';
import type { ConnectOptions } from './ChainAdapter';
import type { RequestGate, RpcRequest } from '../rpc/RequestGate';

/**
 * A Wallet Standard account, structurally (`@wallet-standard/base` `WalletAccount`), so the
 * kernel needs no Wallet Standard package. Everything in it comes from the wallet: untrusted.
 */
export interface StandardWalletAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
  readonly label?: string;
  readonly icon?: string;
}

/** A Wallet Standard wallet, structurally (`@wallet-standard/base` `Wallet`). */
export interface StandardWallet {
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly string[];
  readonly features: Readonly<Record<string, unknown>>;
  readonly accounts: readonly StandardWalletAccount[];
}

/**
 * What a chain plugin tells the shared Wallet Standard adapter about its namespace: its id, and
 * whatever of the rest differs from the defaults (which suit a namespace whose wallets connect
 * with `standard:connect` and whose accounts are `<caipNetworkId>:<address>`).
 */
export interface WalletStandardNamespace {
  /** The CAIP-2 namespace, e.g. `solana`. */
  readonly namespace: string;
  /**
   * Which of a wallet's accounts are the namespace's, checked on everything the wallet hands
   * over (it is untrusted; entries that are not objects with a string address never get here).
   * Default: the account lists a chain of the namespace and its address fits a CAIP-10 address
   * (1–128 of `-.%a-zA-Z0-9`). Check the address's own form here (`/^T[1-9A-HJ-NP-Za-km-z]{33}$/`
   * for Tron).
   */
  isAccount?(account: StandardWalletAccount): boolean;
  /** The type of the accounts the default `toAccounts` makes (default `eoa`). */
  readonly accountType?: string;
  /**
   * Whether a wallet serves this namespace (its chains and features, detected by key). Default:
   * it lists a chain of the namespace and has `standard:connect`.
   */
  supports?(wallet: StandardWallet): boolean;
  /**
   * Asks the wallet for its accounts; `silent` must never prompt (reconnect after a reload)
   * and resolves with no accounts when the wallet would have to ask. Default: `standard:connect`
   * (silently: the accounts the wallet already shares, else `connect({ silent: true })`), keeping
   * the accounts `isAccount` accepts.
   */
  requestAccounts?(wallet: StandardWallet, silent: boolean): Promise<readonly StandardWalletAccount[]>;
  /**
   * The namespace's accounts (CAIP-10 on `caipNetworkId`) among the wallet's accounts, the
   * preferred kind first; accounts that are not valid for the network are left out. Default:
   * each account `isAccount` accepts that lists the network, as `<caipNetworkId>:<address>` of
   * type `accountType`.
   */
  toAccounts?(accounts: readonly StandardWalletAccount[], caipNetworkId: string): Account[];
  /**
   * The network to connect on: the one in use, or the app's first that the wallet serves.
   * Default: the one in use if the app has it and the wallet lists it, else the app's first
   * network (`parts.networks`) the wallet lists; none is `ChainNotSupportedError`.
   */
  pickNetwork?(wallet: StandardWallet, current: string | undefined): string | undefined;
}

interface ConnectFeature {
  connect?(input?: { silent?: boolean }): Promise<{ accounts?: readonly StandardWalletAccount[] } | undefined>;
}

/** The namespace's rules with the defaults filled in. */
function withDefaults(spec: WalletStandardNamespace, networks: () => readonly Network[]): Required<Pick<WalletStandardNamespace, 'supports' | 'requestAccounts' | 'toAccounts' | 'pickNetwork'>> {
  const NS = spec.namespace;
  const onNamespace = (chains: unknown) => Array.isArray(chains) && chains.some((c) => typeof c === 'string' && c.startsWith(`${NS}:`));
  const lists = (chains: unknown, network: string) => Array.isArray(chains) && chains.includes(network);
  const isAccount = spec.isAccount ?? ((account: StandardWalletAccount) => /^[-.%a-zA-Z0-9]{1,128}$/.test(account.address) && onNamespace(account.chains));
  // What the wallet hands over is untrusted: only objects with a string address reach `isAccount`.
  const valid = (accounts: unknown): StandardWalletAccount[] =>
    Array.isArray(accounts) ? accounts.filter((a: StandardWalletAccount) => typeof a === 'object' && a !== null && typeof a.address === 'string' && isAccount(a)) : [];
  const connectOf = (wallet: StandardWallet) => wallet.features['standard:connect'] as ConnectFeature | undefined;
  return {
    supports: spec.supports ?? ((wallet) => onNamespace(wallet.chains) && typeof connectOf(wallet)?.connect === 'function'),
    requestAccounts:
      spec.requestAccounts ??
      (async (wallet, silent) => {
        if (!silent) return valid((await connectOf(wallet)?.connect?.())?.accounts);
        const known = valid(wallet.accounts);
        if (known.length) return known;
        return valid((await connectOf(wallet)?.connect?.({ silent: true }).catch(() => undefined))?.accounts);
      }),
    toAccounts:
      spec.toAccounts ?? ((accounts, network) => valid(accounts).filter((a) => lists(a.chains, network)).map((a) => ({ address: `${network}:${a.address}`, type: spec.accountType ?? 'eoa' }))),
    pickNetwork:
      spec.pickNetwork ??
      ((wallet, current) => {
        const served = networks().filter((n) => lists(wallet.chains, n.caipNetworkId));
        return (served.find((n) => n.caipNetworkId === current) ?? served[0])?.caipNetworkId;
      }),
  };
}

/** What the adapter needs from the kernel (a chain plugin's `parts` have it all). */
export interface WalletStandardAdapterParts {
  connection: ConnectionStore;
  connectors: ConnectorRegistry;
  logger: Logger;
  pluginId: string;
  /** The app's networks of the namespace: what the default `pickNetwork` chooses from. */
  networks?: () => readonly Network[];
  /** The request gate `callFeature` goes through. */
  gate?: RequestGate;
}

/** The connected wallet and its selected account, for a chain plugin's signing code. */
export interface ActiveStandardWallet {
  readonly connectorId: string;
  readonly wallet: StandardWallet;
  /** The wallet's own account object (signing features take it as input). */
  readonly account: StandardWalletAccount;
}

/** The page's Wallet Standard registry, structurally (`@wallet-standard/app` `Wallets`). */
export interface StandardWalletRegistry {
  get(): readonly unknown[];
  on(event: 'register' | 'unregister', listener: (...wallets: never[]) => void): () => void;
}

type ChangeListener = (change: { accounts?: readonly StandardWalletAccount[] }) => void;

function isStandardWalletShape(value: unknown): value is StandardWallet {
  const w = value as StandardWallet | undefined;
  return typeof w === 'object' && w !== null && typeof w.name === 'string' && Array.isArray(w.chains) && typeof w.features === 'object' && w.features !== null && Array.isArray(w.accounts);
}

/**
 * The Wallet Standard feature in which a wallet names its own objects in other discovery
 * protocols (for instance the injected provider it also announces):
 * `{ version: '1.0.0', wallets: readonly object[] }`. The other object must name this wallet
 * back for the two to be listed as one multi-chain wallet.
 */
export const LINKED_WALLETS_FEATURE = 'portico:linkedWallets';
/** At most this many linked objects are read from a wallet. */
const MAX_LINKED_WALLETS = 8;

/** The objects a wallet names in `LINKED_WALLETS_FEATURE`, read once; nothing when it is malformed or throws. */
function linkedWalletsOf(wallet: StandardWallet): readonly object[] {
  try {
    const feature = wallet.features[LINKED_WALLETS_FEATURE] as { wallets?: unknown } | undefined;
    const list = typeof feature === 'object' && feature !== null ? feature.wallets : undefined;
    if (!Array.isArray(list)) return [];
    const copy: object[] = [];
    for (let i = 0; i < Math.min(list.length, MAX_LINKED_WALLETS); i++) {
      const item: unknown = list[i];
      if ((typeof item === 'object' && item !== null) || typeof item === 'function') copy.push(item);
    }
    return Object.freeze(copy);
  } catch {
    return [];
  }
}

/** The id under which a Wallet Standard wallet is listed (one wallet, whatever its chains). */
export function standardWalletId(wallet: StandardWallet): string {
  return `ws:${wallet.name.trim().toLowerCase().replace(/\s+/g, '-').slice(0, 80)}`;
}

/**
 * The connect / reconnect / events / disconnect part of a chain adapter for wallets found
 * through the Wallet Standard — shared by every namespace served that way (solana,
 * bip122). The chain plugin adds balances and signing on top.
 *
 * A wallet is listed under the id of a wallet another chain plugin already listed only on
 * evidence a look-alike cannot copy (`ConnectorRegistry.sameWalletId`): the very same wallet
 * object (one wallet serving two Wallet Standard namespaces), or a mutual link — this wallet
 * names the other plugin's wallet object in its `LINKED_WALLETS_FEATURE` and that wallet names
 * this one back. Then the registry shows one multi-chain wallet and one click connects every
 * namespace it serves. Equal names or icons are never evidence: such wallets are listed apart.
 */
export function createWalletStandardAdapter(parts: WalletStandardAdapterParts, namespace: WalletStandardNamespace) {
  const { connection, connectors, logger } = parts;
  const NS = namespace.namespace;
  const spec = withDefaults(namespace, parts.networks ?? (() => []));
  const wallets = createWalletSlots<StandardWallet>();
  const unregister = new Map<string, () => void>();
  let active: { connectorId: string; wallet: StandardWallet; accounts: readonly StandardWalletAccount[]; off: () => void } | undefined;

  const idFree = (id: string) => !connectors.get(id) && !wallets.has(id);
  /** The id to list a wallet under; undefined when this namespace already lists another wallet by its name. */
  const idFor = (wallet: StandardWallet, linked: readonly object[]): string | undefined => {
    const same = connectors.sameWalletId({ wallet, linked }, parts.pluginId);
    if (same) return same;
    const base = standardWalletId(wallet);
    if (wallets.has(base)) return undefined;
    if (idFree(base)) return base;
    // Another plugin lists another wallet by this name: this one is listed apart, never merged by name.
    let n = 2;
    while (!idFree(`${base}#${n}`)) n++;
    return `${base}#${n}`;
  };

  const detach = () => {
    active?.off();
    active = undefined;
  };
  // Disconnected by something other than this adapter (another tab of the site): the wallet is let go.
  const offStore = connection.subscribe(() => {
    if (active && connection.get(NS).status === 'disconnected') detach();
  });

  const networkOf = (wallet: StandardWallet): string => {
    const network = spec.pickNetwork(wallet, connection.get(NS).network);
    if (!network) throw new ChainNotSupportedError(`${wallet.name} serves none of the app's ${NS} networks`);
    return network;
  };

  /**
   * A cancelled attempt's wallet may still say yes later: it is told to forget the site
   * (`standard:disconnect`), unless it is the wallet that is connected now.
   */
  const forgetLateAnswer = (wallet: StandardWallet, answer: Promise<unknown>) => {
    answer.then(
      () => {
        if (active?.wallet === wallet) return;
        const feature = wallet.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined;
        logger.info(`${wallet.name} answered a cancelled connect attempt: ignored`);
        void Promise.resolve()
          .then(() => feature?.disconnect?.())
          .catch(() => undefined);
      },
      () => undefined,
    );
  };

  const attach = (connectorId: string, wallet: StandardWallet, walletAccounts: readonly StandardWalletAccount[], attempt?: ConnectTicket) => {
    const network = networkOf(wallet);
    const accounts = spec.toAccounts(walletAccounts, network);
    if (accounts.length === 0) throw new NoActiveCaipAddressError();
    // Cancelled or superseded (the attempt's signal aborted): the wallet that is connected stays attached.
    if (attempt?.signal.aborted) throw attempt.signal.reason;
    detach();
    const events = wallet.features['standard:events'] as { on?: (event: 'change', listener: ChangeListener) => () => void } | undefined;
    const onChange: ChangeListener = (change) => {
      if (!change || !Array.isArray(change.accounts)) return;
      try {
        const current = connection.get(NS).network ?? network;
        const next = spec.toAccounts(change.accounts, current);
        if (active) active.accounts = change.accounts;
        connection.setAccounts(NS, next);
        if (next.length === 0) detach();
      } catch (error) {
        logger.warn(`Ignored an invalid ${NS} account change from ${wallet.name}`, error);
      }
    };
    let off: () => void = () => undefined;
    try {
      const result = events?.on?.('change', onChange);
      if (typeof result === 'function') off = result;
    } catch (error) {
      logger.warn(`${wallet.name} refused an event listener`, error);
    }
    active = { connectorId, wallet, accounts: walletAccounts, off };
    connection.setConnected(NS, { accounts, network, connectorId, ...(attempt ? { attempt } : {}) });
  };

  const adapter = {
    namespace: NS,
    /** Lists a wallet (the plugin feeds `getWallets()` registrations here); others are ignored. */
    addWallet(wallet: StandardWallet): void {
      let supported = false;
      try {
        supported = spec.supports(wallet);
      } catch {
        supported = false;
      }
      if (!supported) return;
      // A duplicate registration of the same wallet object is a no-op.
      for (const [, listed] of wallets.entries()) if (listed === wallet) return;
      const linked = linkedWalletsOf(wallet);
      let id: string | undefined;
      try {
        id = idFor(wallet, linked);
        if (id === undefined) return;
        unregister.set(id, connectors.register({ id, name: wallet.name, type: 'ANNOUNCED', namespaces: [NS], icon: wallet.icon }, parts.pluginId, { wallet, linked }));
      } catch (error) {
        logger.warn(`Ignored the Wallet Standard wallet "${String(wallet.name).slice(0, 60)}"`, error);
        return;
      }
      wallets.set(id, wallet);
    },
    /**
     * Follows a Wallet Standard registry (`getWallets()` from `@wallet-standard/app`): lists
     * the wallets already registered and those that register or unregister later, so it works
     * whichever of page and wallet loads first. Returns the function that stops following.
     */
    watch(registry: StandardWalletRegistry): () => void {
      for (const wallet of registry.get()) adapter.addWallet(wallet as StandardWallet);
      const offs = [
        registry.on('register', (...added) => added.forEach((w) => adapter.addWallet(w as StandardWallet))),
        registry.on('unregister', (...removed) => removed.forEach((w) => adapter.removeWallet(w as StandardWallet))),
      ];
      return () => offs.forEach((off) => off());
    },
    /** Withdraws a wallet that unregistered; disconnects if it was the connected one. */
    removeWallet(wallet: StandardWallet): void {
      for (const [id, w] of [...wallets.entries()]) {
        if (w !== wallet) continue;
        wallets.delete(id);
        unregister.get(id)?.();
        unregister.delete(id);
        if (active?.wallet === wallet) {
          detach();
          connection.setDisconnected(NS);
        }
      }
    },
    /**
     * Serves a connector another plugin registered (WalletConnect) with a wallet in the Wallet
     * Standard shape that it backs (a session); no connector is listed for it here. Detaching
     * keeps the stored connection, so the next load restores it; the wallet's listeners go.
     */
    attachProvider(connectorId: string, provider: unknown): () => void {
      const wallet = provider as StandardWallet;
      let supported = false;
      try {
        supported = isStandardWalletShape(wallet) && spec.supports(wallet);
      } catch {
        supported = false;
      }
      if (!supported) throw new PorticoError(`The wallet for "${connectorId}" is not a Wallet Standard wallet for ${NS}`, { code: 'kernel/invalid-wallet' });
      if (wallets.has(connectorId)) throw new PorticoError(`"${connectorId}" already has a ${NS} wallet`, { code: 'kernel/wallet-taken' });
      wallets.set(connectorId, wallet);
      return () => {
        if (wallets.delete(connectorId, wallet) && active?.wallet === wallet) detach();
      };
    },
    async connect(connectorId: string, options: ConnectOptions = {}): Promise<void> {
      const wallet = wallets.get(connectorId);
      if (!wallet) throw new AdapterNotFoundError(`no ${NS} wallet "${connectorId}"`);
      const ticket = connection.beginConnect(NS, connectorId, options.signal);
      const answer = spec.requestAccounts(wallet, false);
      try {
        attach(connectorId, wallet, await untilAborted(answer, ticket.signal), ticket);
      } catch (error) {
        // Cancelled or superseded (the attempt's signal aborted) rather than refused or failed.
        const cancelled = ticket.signal.aborted;
        ticket.abandon();
        if (cancelled) forgetLateAnswer(wallet, answer);
        throw error;
      }
    },
    /** Silent reconnect after a reload; waits up to 3 s for the wallet to register. */
    async reconnect(connectorId: string): Promise<boolean> {
      const wallet = await wallets.waitFor(connectorId, 3000);
      const stillRestoring = () => active === undefined && connection.get(NS).status === 'connecting' && connection.get(NS).connectorId === connectorId;
      try {
        if (!wallet || !stillRestoring()) throw new Error('not restorable');
        const accounts = await spec.requestAccounts(wallet, true);
        if (!stillRestoring()) return false;
        attach(connectorId, wallet, accounts);
        return true;
      } catch {
        if (stillRestoring()) connection.setDisconnected(NS);
        return false;
      }
    },
    async disconnect(): Promise<void> {
      const wallet = active?.wallet;
      detach();
      connection.setDisconnected(NS);
      const feature = wallet?.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined;
      await Promise.resolve()
        .then(() => feature?.disconnect?.())
        .catch((error: unknown) => logger.warn(`${wallet?.name} failed to disconnect`, error));
    },
    /**
     * Wallet Standard has no "switch": the app picks the cluster/network and the wallet's
     * accounts are re-read for it (an address valid on one Bitcoin network is not on another).
     */
    async switchNetwork(network: Network): Promise<void> {
      if (connection.get(NS).status !== 'connected' || !active) {
        connection.setNetwork(NS, network.caipNetworkId);
        return;
      }
      const accounts = spec.toAccounts(active.accounts, network.caipNetworkId);
      if (accounts.length === 0) throw new ChainNotSupportedError(`${active.wallet.name} has no account on ${network.name}`);
      connection.setNetwork(NS, network.caipNetworkId);
      connection.setAccounts(NS, accounts);
    },
    /**
     * Calls a feature of the connected wallet through the request gate: the policy classifies
     * `request` (a method it does not name is refused; one it confirms opens the approval view
     * first), then `call` runs with the wallet's feature object and its account, as they are
     * then. `options` as for `gate.request`: `{ walletConfirms: true }` when the wallet shows its
     * own confirmation (no approval view). Throws `NoActiveCaipAddressError` when no wallet of
     * the namespace is connected, and a `PorticoError` (`kernel/feature-missing`) when the wallet
     * lacks the feature.
     */
    callFeature<F, T>(feature: string, request: RpcRequest, call: (feature: F, account: StandardWalletAccount) => Promise<T>, options: { walletConfirms?: boolean; walletConfirmsInModal?: boolean } = {}): Promise<T> {
      if (!parts.gate) throw new TypeError('callFeature needs the request gate: pass the chain plugin\'s parts (they have `gate`)');
      const wallet = () => {
        const current = adapter.activeWallet();
        if (!current) throw new NoActiveCaipAddressError();
        const own = current.wallet.features[feature] as F | undefined;
        if (!own) throw new PorticoError(`${current.wallet.name} has no ${feature}`, { code: 'kernel/feature-missing' });
        return { own, account: current.account };
      };
      try {
        wallet();
      } catch (error) {
        return Promise.reject(error);
      }
      return parts.gate.request(NS, request, async () => {
        const { own, account } = wallet();
        return call(own, account);
      }, options);
    },
    /** The connected wallet and the wallet account behind the selected CAIP-10 address. */
    activeWallet(): ActiveStandardWallet | undefined {
      const address = connection.get(NS).address?.split(':')[2];
      if (!active || connection.get(NS).status !== 'connected' || !address) return undefined;
      const account = active.accounts.find((a) => a.address === address);
      return account ? { connectorId: active.connectorId, wallet: active.wallet, account } : undefined;
    },
    dispose(): void {
      offStore();
      detach();
      for (const off of unregister.values()) off();
      unregister.clear();
      wallets.clear();
    },
  };
  return adapter;
}

/** The adapter `createWalletStandardAdapter` returns. */
export type WalletStandardAdapter = ReturnType<typeof createWalletStandardAdapter>;
