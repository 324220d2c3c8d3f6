import { z } from 'zod';

const caip2 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 chain id such as eip155:1');
const address = z.string().regex(/^[-.%a-zA-Z0-9]{1,128}$/, 'Expected an account address (CAIP-10 account part)');
const nonce = z.string().regex(/^[A-Za-z0-9]{8,128}$/, 'Expected an alphanumeric nonce of 8 to 128 characters');

/**
 * A site's host as the browser's `location.host` gives it (RFC 3986 authority without
 * userinfo): a DNS name, IPv4 or bracketed IPv6 address, and an optional port. No scheme,
 * path or list: `app.example.com`, `127.0.0.1:5173`, `[::1]:8080`.
 */
export const siwxDomainSchema = z.string().regex(/^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::[0-9]{1,5})?$/, 'Expected a host such as app.example.com or 127.0.0.1:5173');

/** `?chainId=…&address=…` of `GET /sessions` and `DELETE /sessions`. */
export const accountQuerySchema = z.object({ chainId: caip2, address });

/** `?chainId=…&address=…` of `GET /nonce`; without `address`, a nonce for whichever account signs in with it. */
export const nonceQuerySchema = z.object({ chainId: caip2, address: address.optional() });

/** The body of `POST /verify`: a sign-in session (spec §3). */
export const sessionSchema = z.object({
  data: z.object({
    scheme: z.string().regex(/^[A-Za-z][A-Za-z0-9+.-]{0,31}$/, 'Expected a URI scheme such as https').optional(),
    nonce,
    domain: z.string().min(1).max(255),
    uri: z.string().min(1).max(2048),
    expirationTime: z.string().max(64).optional(),
    issuedAt: z.string().max(64),
    notBefore: z.string().max(64).optional(),
    requestId: z.string().max(256).optional(),
    version: z.literal('1'),
    resources: z.array(z.string().max(2048)).max(64).optional(),
    statement: z.string().max(1024).optional(),
    chainId: caip2,
    accountAddress: address,
  }),
  message: z.string().min(1).max(16_384),
  signature: z.string().min(1).max(16_384),
  cacao: z.unknown().optional(),
});
