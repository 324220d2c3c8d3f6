import * as z from 'zod/mini';
import type { SiwxMessageFields } from './api';

// CAIP-74 CACAO as WalletConnect's one-click sign-in returns it (CAIP-222): header, CAIP-122
// payload, signature. It comes from the wallet, so every field is checked before use.
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const time = text(64).check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'Expected an RFC 3339 date'));

const cacaoSchema = z.object({
  h: z.object({ t: z.literal('caip122') }),
  p: z.object({
    iss: text(256),
    domain: text(255),
    aud: text(2048),
    version: z.literal('1'),
    nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/, 'Expected an alphanumeric nonce of 8 to 128 characters')),
    iat: time,
    exp: z.optional(time),
    nbf: z.optional(time),
    statement: z.optional(z.string().check(z.maxLength(1024))),
    requestId: z.optional(z.string().check(z.maxLength(256))),
    resources: z.optional(z.array(text(2048)).check(z.maxLength(64))),
  }),
  s: z.object({ t: text(32), s: text(16_384), m: z.optional(z.string().check(z.maxLength(1024))) }),
});

/** A CACAO that has the shape CAIP-74 gives it. */
export type Cacao = z.infer<typeof cacaoSchema>;

/** `did:pkh:<namespace>:<reference>:<address>` (the CAIP-10 account as a DID). */
const DID_PKH = /^did:pkh:([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;

/** What a CACAO says was signed: the sign-in fields, the signature and the account (CAIP-10). */
export interface ReadCacao {
  readonly cacao: Cacao;
  readonly caipAddress: string;
  readonly fields: SiwxMessageFields;
  readonly signature: string;
}

/** Reads a CACAO from a wallet; throws a TypeError naming what is wrong. */
export function readCacao(value: unknown): ReadCacao {
  const parsed = cacaoSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TypeError(`Not a CACAO: ${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'unreadable'}`);
  }
  const cacao = parsed.data;
  const did = DID_PKH.exec(cacao.p.iss);
  if (!did) throw new TypeError(`Not a CACAO: iss "${cacao.p.iss.slice(0, 80)}" is not a did:pkh account`);
  const [, namespace, reference, address] = did as unknown as [string, string, string, string];
  const { p } = cacao;
  const fields: SiwxMessageFields = {
    domain: p.domain,
    uri: p.aud,
    version: p.version,
    nonce: p.nonce,
    issuedAt: p.iat,
    chainId: `${namespace}:${reference}`,
    accountAddress: address,
    ...(p.exp !== undefined ? { expirationTime: p.exp } : {}),
    ...(p.nbf !== undefined ? { notBefore: p.nbf } : {}),
    ...(p.statement !== undefined ? { statement: p.statement } : {}),
    ...(p.requestId !== undefined ? { requestId: p.requestId } : {}),
    ...(p.resources !== undefined ? { resources: p.resources } : {}),
  };
  return { cacao, caipAddress: `${namespace}:${reference}:${address}`, fields, signature: cacao.s.s };
}
