import type { Portico } from '@portico/core';
import { createConfig, type Config, type CreateConnectorFn, type Storage, type Transport } from '@wagmi/core';
import { custom, defineChain, numberToHex, type Chain, type ClientConfig, type EIP1193RequestFn } from 'viem';
import { porticoConnector } from './porticoConnector';

const NS = 'eip155';

/** What `createPorticoWagmiConfig` takes besides the Portico instance; every field is optional. */
export interface PorticoWagmiConfigParameters {
  readonly portico: Portico;
  /** wagmi's chains; by default Portico's eip155 networks, in its order. Each must be one of Portico's networks. */
  readonly chains?: readonly [Chain, ...Chain[]] | undefined;
  /** By chain id; by default `porticoTransport`: reads through the RPC Portico reads the network with. */
  readonly transports?: Readonly<Record<number, Transport>> | undefined;
  /** More connectors after Portico's (none by default: a wallet reached past Portico skips its request gate). */
  readonly connectors?: readonly CreateConnectorFn[] | undefined;
  /** wagmi's `ssr` (Next.js and other server renderers). */
  readonly ssr?: boolean | undefined;
  /** wagmi's storage (by default its localStorage one). */
  readonly storage?: Storage | null | undefined;
  /** How long wagmi's reconnect waits for Portico's restore (`porticoConnector`'s `restoreTimeoutMs`). */
  readonly restoreTimeoutMs?: number | undefined;
  /** viem's client options, passed to wagmi's `createConfig`. */
  readonly pollingInterval?: ClientConfig['pollingInterval'];
  readonly batch?: ClientConfig['batch'];
  readonly cacheTime?: ClientConfig['cacheTime'];
}

/**
 * A viem transport for one of Portico's eip155 networks: reads go where Portico reads that network
 * (`readRpc`: the eip155 plugin's `customRpcUrls`, its RPC service, then the network's `rpcUrls`,
 * the next on failure; the connected wallet only while it is on that network), so a read is of the
 * chain asked for, connected or not. Anything but a read (sends and signatures go through the
 * connector's provider) is refused. A node's own error keeps its JSON-RPC code and data (a
 * revert's reason); no answer at all fails naming the network.
 */
export function porticoTransport(portico: Portico, network: Portico['networks'][number]): Transport {
  const chainIdHex = numberToHex(Number(network.caipNetworkId.split(':')[1]));
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    if (method === 'eth_chainId') return chainIdHex;
    // The chain plugins are active once Portico has started (a read may come before its provider mounts).
    await portico.start();
    const adapter = portico.adapter(NS);
    if (!adapter?.readRpc) throw Object.assign(new Error(`Portico has no eip155 plugin to read ${network.name} with`), { code: 4900 });
    try {
      return await adapter.readRpc(method, Array.isArray(params) ? params : params === undefined ? [] : [params], network);
    } catch (error) {
      const e = error as { name?: string; rpcCode?: unknown; data?: unknown; message?: string };
      if (e?.name === 'JsonRpcError' && typeof e.rpcCode === 'number') throw Object.assign(new Error(e.message), { code: e.rpcCode, data: e.data, cause: error });
      if (e?.name === 'RpcUnavailableError') throw Object.assign(new Error(`No RPC answered for ${network.name} (${network.caipNetworkId}), and no wallet is connected on it to ask: give the network \`rpcUrls\``), { cause: error });
      throw error;
    }
  }) as EIP1193RequestFn;
  return custom({ request }, { key: 'portico', name: 'Portico' });
}

/** A Portico network (eip155) as viem's chain. */
export function chainOf(network: Portico['networks'][number]): Chain {
  const [namespace, reference] = network.caipNetworkId.split(':');
  if (namespace !== NS) throw new TypeError(`"${network.caipNetworkId}" is not an eip155 network`);
  const explorer = network.blockExplorers?.default;
  return defineChain({
    id: Number(reference),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls?.default.http ?? [] } },
    ...(explorer ? { blockExplorers: { default: explorer.apiUrl ? { name: explorer.name, url: explorer.url, apiUrl: explorer.apiUrl } : { name: explorer.name, url: explorer.url } } } : {}),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  });
}

/**
 * A wagmi config whose one connector is Portico's (`porticoConnector`): a host that uses wagmi
 * keeps its hooks (`useConnection`/`useAccount`, `useSignMessage`, `useSendTransaction`,
 * `useSwitchChain`, reads) and they see the account Portico connected; reads go where Portico's
 * go (`porticoTransport`). wagmi's own discovery of injected wallets is off: a wallet reached past
 * Portico would skip its request gate. Throws a `TypeError` naming the problem when there is no
 * eip155 network, or a chain Portico does not have.
 */
export function createPorticoWagmiConfig(parameters: PorticoWagmiConfigParameters): Config {
  const { portico } = parameters;
  const networks = portico.networks.filter((n) => n.caipNetworkId.startsWith(`${NS}:`));
  const chains = parameters.chains ?? (networks.map(chainOf) as unknown as readonly [Chain, ...Chain[]]);
  if (chains.length === 0) throw new TypeError('createPorticoWagmiConfig: Portico has no eip155 network: add one to its `networks`');
  const transports: Record<number, Transport> = {};
  for (const chain of chains) {
    const network = networks.find((n) => n.caipNetworkId === `${NS}:${chain.id}`);
    if (!network) throw new TypeError(`createPorticoWagmiConfig: chain ${chain.id} (${chain.name}) is not one of Portico's networks, so Portico cannot switch to it: add "eip155:${chain.id}" to its \`networks\``);
    transports[chain.id] = parameters.transports?.[chain.id] ?? porticoTransport(portico, network);
  }
  return createConfig({
    chains,
    transports,
    connectors: [porticoConnector({ portico, ...(parameters.restoreTimeoutMs === undefined ? {} : { restoreTimeoutMs: parameters.restoreTimeoutMs }) }), ...(parameters.connectors ?? [])],
    multiInjectedProviderDiscovery: false,
    ...(parameters.ssr === undefined ? {} : { ssr: parameters.ssr }),
    ...(parameters.storage === undefined ? {} : { storage: parameters.storage }),
    ...(parameters.pollingInterval === undefined ? {} : { pollingInterval: parameters.pollingInterval }),
    ...(parameters.batch === undefined ? {} : { batch: parameters.batch }),
    ...(parameters.cacheTime === undefined ? {} : { cacheTime: parameters.cacheTime }),
  });
}
