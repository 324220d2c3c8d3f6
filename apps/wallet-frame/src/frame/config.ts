import { z } from 'zod';

const caip2 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 network id');

/** What the frame's own server tells it (a meta tag it writes): never the host's to choose. */
export const frameConfigSchema = z.object({
  /** The auth service. */
  authUrl: z.url(),
  /** JSON-RPC URL per CAIP-2 network, for sending transactions. */
  rpcUrls: z.record(caip2, z.url()).default({}),
  /**
   * The EIP-7702 account implementation per eip155 network (eth-infinitism's Simple7702Account
   * 0.8 is at 0xe6Cae83BdE06E4c305530e199D7217f42808555B wherever it is deployed): there the
   * account is a smart account unless the user prefers the EOA. A network also needs an RPC URL.
   */
  smartAccounts: z.record(caip2, z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x address')).default({}),
  /**
   * What the approval screen says of each network: its name and native currency. The frame's
   * own, never the host's (a host could otherwise make 1 ETH read as 0.000001); a network
   * without an entry shows amounts in its smallest unit.
   */
  networks: z
    .record(caip2, z.object({ name: z.string().min(1).max(64), symbol: z.string().min(1).max(12), decimals: z.number().int().min(0).max(36) }))
    .default({}),
});
export type FrameConfig = z.output<typeof frameConfigSchema>;

/** The query the host loads the frame with (spec: projectId, chainId, version, enableLogger). */
export const frameQuerySchema = z.object({
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a project id'),
  chainId: caip2.default('eip155:1'),
  version: z.string().max(64).default(''),
  enableLogger: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type FrameQuery = z.output<typeof frameQuerySchema>;

/** The name of the meta tag the server writes the configuration into. */
export const CONFIG_META = 'portico-frame-config';
