import { isCaip122Current } from '@portico/kernel/caip';
import type { SiwxMessageFields, SiwxSession, SiwxVerifier } from '@portico/plugin-siwx/api';
import { createPublicClient, http, isHex, verifyMessage, type Client } from 'viem';
import { verifyMessage as verifyMessageOnChain } from 'viem/actions';
import { eip155Reference, formatSiweMessage, parseSiweMessage, sameSiweFields, SIWE_SCHEME, SiweMessageError } from './siweMessage';

export { eip155Reference, formatSiweMessage, parseSiweMessage, sameSiweFields, SiweMessageError } from './siweMessage';

/** Options of `createEip155Verifier`. */
export interface Eip155VerifierOptions {
  /**
   * A viem client for a CAIP-2 chain id (`eip155:1`): signatures are checked through its
   * RPC (EOA, ERC-1271, ERC-6492). The id is a CAIP-2 string; sign-in messages carry chain ids
   * up to 2^53 − 1 only (see `formatSiweMessage`).
   */
  getClient?: (caipNetworkId: string) => Client | undefined;
  /** Or an RPC URL for a CAIP-2 chain id; a public client over HTTP is made from it. */
  getRpcUrl?: (caipNetworkId: string) => string | undefined;
  /**
   * The domain sessions must be bound to (the relying party's own host). Without it the
   * message's own domain is accepted; a server should always set it.
   */
  domain?: string;
  /**
   * The scheme of the site's origin, without `:` (default `https`, EIP-4361's). A message that
   * names a scheme (`http://app.example.com wants you…`) must name this one, compared
   * case-insensitively; a message without one is not refused for it. Set `http` for a local
   * site served over http.
   */
  scheme?: string;
  /** The clock, for expiration and not-before checks. */
  now?: () => Date;
}

/** The decimal chain id of a CAIP-2 `eip155:N` as a bigint (exact at any size); throws for anything else. */
export function eip155ChainId(caipNetworkId: string): bigint {
  return BigInt(eip155Reference(caipNetworkId));
}

/** The EIP-4361 message for sign-in fields (see `formatSiweMessage`: written as given, refused when invalid). */
export function createEip155SiweMessage(fields: SiwxMessageFields): string {
  return formatSiweMessage(fields);
}

/**
 * The eip155 sign-in verifier (EIP-4361). `verify` parses the exact text that was signed
 * by the EIP's grammar, requires the session's fields to be the message's own, checks
 * the validity window and the domain and scheme binding, then the signature over that same text:
 * through the chain's RPC when a client or RPC URL is available (EOA, ERC-1271 and
 * ERC-6492, by viem's `verifyHash`), else by EOA recovery. A message written by viem,
 * `siwe` or any other EIP-4361 library verifies as long as it follows the EIP.
 */
export function createEip155Verifier(options: Eip155VerifierOptions = {}): SiwxVerifier {
  const scheme = options.scheme ?? 'https';
  if (typeof scheme !== 'string' || !SIWE_SCHEME.test(scheme)) {
    throw new SiweMessageError(`scheme option ${JSON.stringify(scheme)} is not a URI scheme such as https (no ":" or "//")`);
  }
  const clients = new Map<string, Client>();
  const clientFor = (chainId: string): Client | undefined => {
    const given = options.getClient?.(chainId);
    if (given) return given;
    const url = options.getRpcUrl?.(chainId);
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) clients.set(chainId, (client = createPublicClient({ transport: http(url) })));
    return client;
  };

  const verify = async ({ data, message, signature }: SiwxSession): Promise<boolean> => {
    if (typeof signature !== 'string' || !isHex(signature) || signature.length < 4) return false;
    const signed = parseSiweMessage(message);
    if (!sameSiweFields(signed, data)) return false;
    if (!isCaip122Current(signed, options.now?.() ?? new Date(), options.domain, scheme)) return false;
    const address = signed.accountAddress as `0x${string}`;
    const client = clientFor(signed.chainId);
    if (client) return verifyMessageOnChain(client, { address, message, signature });
    return verifyMessage({ address, message, signature });
  };

  return {
    namespace: 'eip155',
    createMessage: createEip155SiweMessage,
    async verify(session) {
      try {
        return await verify(session);
      } catch {
        // Malformed fields, an unreadable signature or an RPC failure never count as valid.
        return false;
      }
    },
  };
}
