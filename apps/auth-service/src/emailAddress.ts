import { z } from 'zod';

/** The result of reading an e-mail address: the one form the service stores, or why there is none. */
export type EmailAddress = { readonly ok: true; readonly email: string } | { readonly ok: false; readonly reason: string };

const format = z.email('Invalid email').max(254);

/**
 * The one rule for every address the service keys an account by, typed or vouched for by a
 * provider (issue #36): surrounding white space trimmed; an address that Unicode compatibility
 * normalisation (NFKC) would change is refused rather than folded (a Kelvin sign `K` would
 * otherwise become `k` and reach another person's account); it must then be an address
 * (zod's e-mail format, at most 254 characters), and is kept lower case.
 */
export function normalizeEmail(raw: unknown): EmailAddress {
  if (typeof raw !== 'string') return { ok: false, reason: 'Invalid email' };
  const trimmed = raw.trim();
  if (trimmed.normalize('NFKC') !== trimmed) return { ok: false, reason: 'Invalid email: it has characters that stand for others (type it plainly)' };
  if (!format.safeParse(trimmed).success) return { ok: false, reason: 'Invalid email' };
  const lower = trimmed.toLowerCase();
  // Lower-casing must not make a new compatibility form either (it cannot for the ASCII the format allows; checked all the same).
  if (lower.normalize('NFKC') !== lower) return { ok: false, reason: 'Invalid email: it has characters that stand for others (type it plainly)' };
  return { ok: true, email: lower };
}

/** The zod field for a typed address: normalised by `normalizeEmail`, its reason as the issue. */
export const emailField = z.string().max(1024).transform((value, ctx) => {
  const checked = normalizeEmail(value);
  if (checked.ok) return checked.email;
  ctx.addIssue({ code: 'custom', message: checked.reason });
  return z.NEVER;
});
