import type { Network } from '@portico/kernel';
import { chainIdOf } from './chainId';

/** Where the plugin sends RPC reads. */
export interface RpcOptions {
  /** A blockchain RPC service: `chainId` and `projectId` are added as query parameters. */
  rpcService?: { url: string; projectId: string };
  /** Per-network URLs that replace everything else (CAIP-2 id → URLs). */
  customRpcUrls?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The RPC URLs to try for a network, in order: the host's custom URLs alone if given;
 * else the RPC service (with chainId and projectId) and then the network's own URLs.
 */
export function rpcUrlsFor(network: Network, options: RpcOptions = {}): string[] {
  const custom = options.customRpcUrls?.[network.caipNetworkId];
  if (custom?.length) return [...custom];
  const urls: string[] = [];
  if (options.rpcService) urls.push(rpcServiceUrl(options.rpcService, network.caipNetworkId));
  urls.push(...(network.rpcUrls?.default.http ?? []));
  chainIdOf(network.caipNetworkId);
  return [...new Set(urls)];
}

/** The RPC service URL for a network: `chainId` (CAIP-2) and `projectId` as query parameters. */
export function rpcServiceUrl(service: { url: string; projectId: string }, networkId: string): string {
  const url = new URL(service.url);
  url.searchParams.set('chainId', networkId);
  url.searchParams.set('projectId', service.projectId);
  return url.toString();
}
