import type { SiwxMessageFields, SiwxSession, SiwxVerifier } from '@portico/plugin-siwx/api';
import { createPublicClient, getAddress, http, isAddress, isHex, verifyMessage, type Client } from 'viem';
import { createSiweMessage, parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe';

/** Options of `createEip155Verifier`. */
export interface Eip155VerifierOptions {
  /** A viem client for a chain id: signatures are checked through its RPC (EOA, ERC-1271, ERC-6492). */
  getClient?: (chainId: number) => Client | undefined;
  /** Or an RPC URL for a chain id; a public client over HTTP is made from it. */
  getRpcUrl?: (chainId: number) => string | undefined;
  /**
   * The domain sessions must be bound to (the relying party's own host). Without it the
   * message's own domain is accepted; a server should always set it.
   */
  domain?: string;
  /** The clock, for expiration and not-before checks. */
  now?: () => Date;
}

const EIP155_CHAIN = /^eip155:([1-9][0-9]*)$/;

/** The decimal chain id of a CAIP-2 `eip155:N`; throws for anything else. */
export function eip155ChainId(caipNetworkId: string): number {
  const match = EIP155_CHAIN.exec(caipNetworkId);
  if (!match) throw new TypeError(`"${caipNetworkId}" is not an eip155 CAIP-2 chain id`);
  return Number(match[1]);
}

const optionalDate = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** The EIP-4361 message for sign-in fields (viem's `createSiweMessage`; EIP-55 address). */
export function createEip155SiweMessage(fields: SiwxMessageFields): string {
  if (!isAddress(fields.accountAddress, { strict: false })) throw new TypeError(`"${fields.accountAddress}" is not an EVM address`);
  return createSiweMessage({
    address: getAddress(fields.accountAddress),
    chainId: eip155ChainId(fields.chainId),
    domain: fields.domain,
    nonce: fields.nonce,
    uri: fields.uri,
    version: '1',
    issuedAt: new Date(fields.issuedAt),
    expirationTime: optionalDate(fields.expirationTime),
    notBefore: optionalDate(fields.notBefore),
    requestId: fields.requestId,
    resources: fields.resources ? [...fields.resources] : undefined,
    statement: fields.statement,
  });
}

/**
 * The eip155 sign-in verifier (EIP-4361 via `viem/siwe`). `verify` checks that the signed
 * message is exactly the one the session's fields produce, that it is in its validity
 * window and bound to the domain, then the signature: through the chain's RPC when a
 * client or RPC URL is available (EOA, ERC-1271 and ERC-6492), else by EOA recovery.
 */
export function createEip155Verifier(options: Eip155VerifierOptions = {}): SiwxVerifier {
  const clients = new Map<number, Client>();
  const clientFor = (chainId: number): Client | undefined => {
    const given = options.getClient?.(chainId);
    if (given) return given;
    const url = options.getRpcUrl?.(chainId);
    if (!url) return undefined;
    let client = clients.get(chainId);
    if (!client) clients.set(chainId, (client = createPublicClient({ transport: http(url) })));
    return client;
  };

  const verify = async ({ data, message, signature }: SiwxSession): Promise<boolean> => {
    if (!isHex(signature) || signature.length < 4) return false;
    const expected = createEip155SiweMessage(data);
    if (message !== expected) return false;
    const address = getAddress(data.accountAddress);
    const time = options.now?.() ?? new Date();
    const domain = options.domain ?? data.domain;
    const parsed = parseSiweMessage(message);
    if (!validateSiweMessage({ message: parsed, address, domain, nonce: data.nonce, time })) return false;
    const client = clientFor(eip155ChainId(data.chainId));
    if (client) return verifySiweMessage(client, { message, signature, address, domain, nonce: data.nonce, time });
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
