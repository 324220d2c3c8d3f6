import type { Portico } from '@portico/core';
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core';
import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain, type EIP1193Provider } from 'viem';

const NS = 'eip155';

/** What `porticoConnector` needs: the host's Portico instance (the one its `<PorticoProvider>` gets). */
export interface PorticoConnectorParameters {
  readonly portico: Portico;
  /**
   * How long wagmi's reconnect (`isAuthorized`) waits for Portico to restore the last connection
   * before it takes the account as not connected; default 15 000 ms (Portico's own restore window
   * is 10 s). A restore that ends later still reaches wagmi, as a connection.
   */
  readonly restoreTimeoutMs?: number;
}

/** The default of `restoreTimeoutMs`. */
export const RESTORE_TIMEOUT_MS = 15_000;

/** The connector's id and type in wagmi (`useConnection().connector.id`). */
export const PORTICO_CONNECTOR_ID = 'portico';

type NamespaceConnection = ReturnType<Portico['kernel']['connection']['get']>;

/** The connection's EVM accounts as wagmi lists them: the selected one first, checksummed. */
function accountsOf(state: NamespaceConnection): readonly Address[] {
  const addresses = state.accounts.map((account) => getAddress(account.address.split(':')[2]!));
  const selected = state.address ? getAddress(state.address.split(':')[2]!) : undefined;
  return selected ? [selected, ...addresses.filter((a) => a !== selected)] : addresses;
}

const chainIdOf = (state: NamespaceConnection): number | undefined => (state.network ? Number(state.network.split(':')[1]) : undefined);

/** The user said no: EIP-1193's 4001, or WalletConnect's 5000, on the error or anywhere down its causes. */
function userRejected(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === 4001 || code === 5000) return true;
  }
  return false;
}

/**
 * A wagmi connector over the EVM account Portico connected, whichever way it did (an injected
 * wallet, WalletConnect, the embedded e-mail or social wallet): wagmi's hooks read that account
 * and chain, and every request they make goes through Portico's provider, so through its request
 * gate (RPC policies, the approval view for wallets without their own, "Action not allowed").
 *
 * `connect()` opens Portico's modal on its Connect view and resolves once the user connected an
 * EVM account there (rejecting with `UserRejectedRequestError` if the modal closes without one); a
 * connection made in Portico's own button reaches wagmi as well, as does a disconnect, a change
 * of the account Portico selects or of the chain. `switchChain` switches through Portico (its
 * network list, the wallet's add-chain). wagmi has no teardown for a connector: this one listens
 * to its Portico's connection store for the instance's life (make one per Portico instance).
 */
export function porticoConnector({ portico, restoreTimeoutMs = RESTORE_TIMEOUT_MS }: PorticoConnectorParameters) {
  return createConnector<EIP1193Provider>((config) => {
    const connection = portico.kernel.connection;
    const state = () => connection.get(NS);
    /** While wagmi's disconnect runs through `disconnect()`: the store's change is its own doing, not news to tell wagmi. */
    let disconnecting = false;

    /**
     * Once Portico started and no connection is being restored or made: the state then. Waits at
     * most `restoreTimeoutMs` (a restore that never ends, a disposed instance, must not hold wagmi's
     * reconnect, which refuses every later reconnect while one is pending).
     */
    const settled = async (): Promise<NamespaceConnection> => {
      await portico.start();
      if (state().status !== 'connecting' || portico.kernel.isDisposed) return state();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          off();
          resolve(state());
        };
        const timer = setTimeout(done, restoreTimeoutMs);
        const off = connection.subscribe(() => {
          if (state().status !== 'connecting') done();
        });
      });
    };

    const connected = (s: NamespaceConnection) => {
      const accounts = accountsOf(s);
      const chainId = chainIdOf(s);
      if (s.status !== 'connected' || accounts.length === 0 || chainId === undefined) return undefined;
      return { accounts, chainId };
    };

    const switchChain = async ({ chainId }: { chainId: number }): Promise<Chain> => {
      const chain = config.chains.find((c) => c.id === chainId);
      // Not wagmi's, or not Portico's (a config of the host's own): refused here, without Portico's Network Not Found alert.
      if (!chain || !portico.network(`${NS}:${chainId}`)) throw new SwitchChainError(new ChainNotConfiguredError());
      if (chainIdOf(state()) === chainId) return chain;
      try {
        await portico.switchNetwork(`${NS}:${chainId}`);
      } catch (error) {
        if (userRejected(error)) throw new UserRejectedRequestError(error as Error);
        throw new SwitchChainError(error as Error);
      }
      return chain;
    };

    /** wagmi's connect: Portico's connection as it is, or the one the user makes in the modal, then the chain asked for. */
    const connectOnce = async (chainId: number | undefined, isReconnecting: boolean | undefined, withCapabilities: boolean | undefined) => {
      let result = connected(await settled());
      if (!result && !isReconnecting) {
        // The user picks a wallet in Portico's modal (on its Connect view, even while another namespace is connected); it closes on success.
        result = await new Promise<ReturnType<typeof connected>>((resolve, reject) => {
          const off = connection.subscribe(() => {
            const now = connected(state());
            if (now) {
              off();
              resolve(now);
            }
          });
          portico.open(portico.kernel.router.home() || undefined).then(
            () => {
              off();
              const now = connected(state());
              if (now) resolve(now);
              else reject(new UserRejectedRequestError(new Error('The Portico modal closed without an EVM account connected')));
            },
            (error: unknown) => {
              off();
              reject(error);
            },
          );
        });
      }
      if (!result) throw new ProviderNotFoundError();
      if (chainId !== undefined && chainId !== result.chainId) {
        // As wagmi's injected connector: a refusal is the user's answer; another failure keeps the chain the wallet is on.
        const current = result.chainId;
        const chain = await switchChain({ chainId }).catch((error: unknown) => {
          if (error instanceof UserRejectedRequestError) throw error;
          return { id: current };
        });
        result = { ...result, chainId: chain.id };
      }
      const accounts = withCapabilities ? result.accounts.map((address) => ({ address, capabilities: {} })) : result.accounts;
      return { accounts, chainId: result.chainId } as never;
    };

    return {
      id: PORTICO_CONNECTOR_ID,
      name: 'Portico',
      type: PORTICO_CONNECTOR_ID,

      async setup() {
        // Portico's connection, as wagmi's events: what the user does in Portico's own views reaches wagmi's hooks.
        let last = connected(state());
        connection.subscribe(() => {
          const s = state();
          if (s.status === 'connecting') return;
          const now = connected(s);
          const before = last;
          last = now;
          if (!now) {
            if (before && !disconnecting) config.emitter.emit('disconnect');
          } else if (!before) {
            config.emitter.emit('connect', now);
          } else {
            if (now.accounts.join() !== before.accounts.join()) config.emitter.emit('change', { accounts: now.accounts });
            if (now.chainId !== before.chainId) config.emitter.emit('change', { chainId: now.chainId });
          }
        });
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        try {
          return await connectOnce(chainId, isReconnecting, withCapabilities);
        } catch (error) {
          // wagmi ignored the store's news while its connect ran: if Portico is connected after
          // all (the user refused only the chain switch), wagmi hears of it once its connect has failed.
          setTimeout(() => {
            const now = connected(state());
            if (now) config.emitter.emit('connect', now);
          });
          throw error;
        }
      },

      async disconnect() {
        disconnecting = true;
        try {
          await portico.disconnect(NS);
        } finally {
          disconnecting = false;
        }
      },

      async getAccounts() {
        return connected(state())?.accounts ?? [];
      },

      async getChainId() {
        return chainIdOf(state()) ?? config.chains[0].id;
      },

      async getProvider() {
        await portico.start();
        const provider = portico.adapter(NS)?.getProvider?.() as EIP1193Provider | undefined;
        if (!provider) throw new ProviderNotFoundError();
        return provider;
      },

      async isAuthorized() {
        return connected(await settled()) !== undefined;
      },

      switchChain,

      // Required by wagmi's connector type, registered on no provider here: the store's subscription
      // (setup) is what tells wagmi of Portico's changes. Called, they tell wagmi what they are given.
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect');
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) });
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) });
      },
      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
