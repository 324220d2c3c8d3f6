import type { Portico } from '@portico/core';
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core';
import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain, type EIP1193Provider } from 'viem';

const NS = 'eip155';

/** What `porticoConnector` needs: the host's Portico instance (the one its `<PorticoProvider>` gets). */
export interface PorticoConnectorParameters {
  readonly portico: Portico;
}

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

/** An EIP-1193 rejection by the user (4001), on the error or anywhere down its causes. */
function userRejected(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 4001) return true;
  }
  return false;
}

/**
 * A wagmi connector over the EVM account Portico connected, whichever way it did (an injected
 * wallet, WalletConnect, the embedded e-mail or social wallet): wagmi's hooks read that account
 * and chain, and every request they make goes through Portico's provider, so through its request
 * gate (RPC policies, the approval view for wallets without their own, "Action not allowed").
 *
 * `connect()` opens Portico's modal and resolves once the user connected an EVM account there
 * (rejecting with `UserRejectedRequestError` if the modal closes without one); a connection made
 * in Portico's own button reaches wagmi as well, as does a disconnect, an account or a chain
 * change. `switchChain` switches through Portico (its network list, the wallet's add-chain).
 */
export function porticoConnector({ portico }: PorticoConnectorParameters) {
  return createConnector<EIP1193Provider>((config) => {
    const connection = portico.kernel.connection;
    const state = () => connection.get(NS);
    let stopSync: (() => void) | undefined;

    /** Once Portico started and no connection is being restored or made: the state then. */
    const settled = async (): Promise<NamespaceConnection> => {
      await portico.start();
      if (state().status !== 'connecting') return state();
      return new Promise((resolve) => {
        const off = connection.subscribe(() => {
          if (state().status === 'connecting') return;
          off();
          resolve(state());
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
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
      if (chainIdOf(state()) === chainId) return chain;
      try {
        await portico.switchNetwork(`${NS}:${chainId}`);
      } catch (error) {
        if (userRejected(error)) throw new UserRejectedRequestError(error as Error);
        throw new SwitchChainError(error as Error);
      }
      return chain;
    };

    return {
      id: PORTICO_CONNECTOR_ID,
      name: 'Portico',
      type: PORTICO_CONNECTOR_ID,

      async setup() {
        // Portico's connection, as wagmi's events: what the user does in Portico's own views reaches wagmi's hooks.
        let last = connected(state());
        stopSync?.();
        stopSync = connection.subscribe(() => {
          const s = state();
          if (s.status === 'connecting') return;
          const now = connected(s);
          const before = last;
          last = now;
          if (!now) {
            if (before) config.emitter.emit('disconnect');
          } else if (!before) {
            config.emitter.emit('connect', now);
          } else {
            if (now.accounts.join() !== before.accounts.join()) config.emitter.emit('change', { accounts: now.accounts });
            if (now.chainId !== before.chainId) config.emitter.emit('change', { chainId: now.chainId });
          }
        });
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let result = connected(await settled());
        if (!result && !isReconnecting) {
          // The user picks a wallet in Portico's modal; it closes on success.
          result = await new Promise<ReturnType<typeof connected>>((resolve, reject) => {
            const off = connection.subscribe(() => {
              const now = connected(state());
              if (now) {
                off();
                resolve(now);
              }
            });
            portico.open().then(
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
        if (chainId !== undefined && chainId !== result.chainId) result = { ...result, chainId: (await switchChain({ chainId })).id };
        const accounts = withCapabilities ? result.accounts.map((address) => ({ address, capabilities: {} })) : result.accounts;
        return { accounts, chainId: result.chainId } as never;
      },

      async disconnect() {
        await portico.disconnect(NS);
      },

      async getAccounts() {
        const s = state();
        return s.status === 'connected' ? accountsOf(s) : [];
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

      // Portico's provider forwards the wallet's events, and its connection store follows them:
      // the store's subscription above tells wagmi, so these only repeat what arrives.
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
