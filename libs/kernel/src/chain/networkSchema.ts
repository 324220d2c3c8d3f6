import * as z from 'zod/mini';
import { isCaipNetworkId } from '../caip/caip';

const httpUrl = z.string().check(z.refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'Must be an http(s) URL'));

/** A network an app supports (the spec's Network entity), whatever its namespace. */
export const networkSchema = z.object({
  caipNetworkId: z.string().check(z.refine(isCaipNetworkId, 'Must be a CAIP-2 network id such as "acme:1"')),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  nativeCurrency: z.object({
    name: z.string().check(z.minLength(1)),
    symbol: z.string().check(z.minLength(1), z.maxLength(12)),
    decimals: z.number().check(z.int(), z.nonnegative(), z.lte(36)),
  }),
  rpcUrls: z.optional(z.object({ default: z.object({ http: z.array(httpUrl) }) })),
  blockExplorers: z.optional(
    z.object({
      // `apiUrl`: the explorer's Etherscan-compatible account API (as viem's chain definitions carry it), where an eip155 account's activity is read.
      default: z.object({ name: z.string(), url: httpUrl, apiUrl: z.optional(httpUrl) }),
    }),
  ),
  testnet: z.optional(z.boolean()),
  // Tokens whose balances the Tokens tab reads (eip155: ERC-20 contracts through Multicall3), beside those the account API reports.
  tokens: z.optional(
    z.array(
      z.object({
        address: z.string().check(z.minLength(1), z.maxLength(100)),
        name: z.string().check(z.minLength(1), z.maxLength(80)),
        symbol: z.string().check(z.minLength(1), z.maxLength(20)),
        decimals: z.number().check(z.int(), z.nonnegative(), z.lte(36)),
        iconUrl: z.optional(z.string()),
      }),
    ),
  ),
  imageUrl: z.optional(z.string()),
});

/** A validated network. */
export type Network = z.infer<typeof networkSchema>;
