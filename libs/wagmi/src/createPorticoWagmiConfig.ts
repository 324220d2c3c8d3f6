import type { Portico } from '@portico/core';
import { createConfig, type Config, type CreateConnectorFn, type Storage, type Transport } from '@wagmi/core';
import { custom, defineChain, http, type Chain, type EIP1193Provider } from 'viem';
import { porticoConnector } from './porticoConnector';

const NS = 'eip155';

/** What `createPorticoWagmiConfig` takes besides the Portico instance; every field is optional. */
export interface PorticoWagmiConfigParameters {
  readonly portico: Portico;
  /** wagmi's chains; by default Portico's eip155 networks, in its order. Each must be one of Portico's networks. */
  readonly chains?: readonly [Chain, ...Chain[]] | undefined;
  /** By chain id; by default the chain's first RPC URL over HTTP, or, for a network without one, through the connected wallet. */
  readonly transports?: Readonly<Record<number, Transport>> | undefined;
  /** More connectors after Portico's (none by default: a wallet reached past Portico skips its request gate). */
  readonly connectors?: readonly CreateConnectorFn[] | undefined;
  /** wagmi's `ssr` (Next.js and other server renderers). */
  readonly ssr?: boolean | undefined;
  /** wagmi's storage (by default its localStorage one). */
  readonly storage?: Storage | null | undefined;
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
 * `useSwitchChain`, reads) and they see the account Portico connected. wagmi's own discovery of
 * injected wallets is off: a wallet reached past Portico would skip its request gate. Throws a
 * `TypeError` naming the problem when there is no eip155 network, or a chain Portico does not have.
 */
export function createPorticoWagmiConfig(parameters: PorticoWagmiConfigParameters): Config {
  const { portico } = parameters;
  const networks = portico.networks.filter((n) => n.caipNetworkId.startsWith(`${NS}:`));
  const chains = parameters.chains ?? (networks.map(chainOf) as unknown as readonly [Chain, ...Chain[]]);
  if (chains.length === 0) throw new TypeError('createPorticoWagmiConfig: Portico has no eip155 network (add one to its `networks`, or pass `chains`)');
  for (const chain of chains) {
    if (!networks.some((n) => n.caipNetworkId === `${NS}:${chain.id}`)) throw new TypeError(`createPorticoWagmiConfig: chain ${chain.id} (${chain.name}) is not one of Portico's networks, so Portico cannot switch to it: add "eip155:${chain.id}" to its \`networks\``);
  }
  /** Reads for a network without an RPC URL: through the connected wallet (an EIP-1193 error 4900 while none is). */
  const viaWallet = custom({
    request: (args: Parameters<EIP1193Provider['request']>[0]) => {
      const provider = portico.adapter(NS)?.getProvider?.() as EIP1193Provider | undefined;
      if (!provider) return Promise.reject(Object.assign(new Error('Portico has no eip155 plugin active'), { code: 4900 }));
      return provider.request(args);
    },
  });
  const transports: Record<number, Transport> = {};
  for (const chain of chains) {
    const url = chain.rpcUrls.default.http[0];
    transports[chain.id] = parameters.transports?.[chain.id] ?? (url ? http(url) : viaWallet);
  }
  return createConfig({
    chains,
    transports,
    connectors: [porticoConnector({ portico }), ...(parameters.connectors ?? [])],
    multiInjectedProviderDiscovery: false,
    ...(parameters.ssr === undefined ? {} : { ssr: parameters.ssr }),
    ...(parameters.storage === undefined ? {} : { storage: parameters.storage }),
  });
}
