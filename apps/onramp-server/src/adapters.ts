import { randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';

/** One provider's quote in Portico's `/quotes` answer (what the Onramp plugin reads). */
export interface PorticoQuote {
  readonly provider: 'coinbase' | 'meld';
  /** What the amount buys, a decimal string. */
  readonly cryptoAmount: string;
  /** Every fee, in the fiat currency, two decimals. */
  readonly fee: string;
}

/** A provider's answer that cannot be read as its documented shape, or its refusal; `message` says which. */
export class OnrampProviderError extends Error {
  override readonly name = 'OnrampProviderError';
  constructor(
    readonly provider: 'coinbase' | 'meld',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A number as a plain decimal string (no exponent, no float noise past 15 significant digits). */
export function decimalString(value: number): string {
  return Number(value.toPrecision(15)).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
const decimal = z.string().regex(/^\d{1,30}(\.\d{1,30})?$/, 'a decimal string');
/** Coinbase's `Amount`: `{ value, currency }` in its OpenAPI, `{ amount, currency }` in its prose docs' example. */
const coinbaseAmount = z
  .object({ value: z.optional(decimal), amount: z.optional(decimal), currency: z.string().min(1) })
  .refine((a) => a.value !== undefined || a.amount !== undefined, 'an amount needs value (or amount)')
  .transform((a) => ({ value: (a.value ?? a.amount)!, currency: a.currency }));

/**
 * Coinbase Onramp's buy quote (`POST /onramp/v1/buy/quote`) as Portico's quote: what the payment
 * buys (`purchase_amount`) and every fee (`coinbase_fee` + `network_fee`, in the payment currency).
 * Reads the documented variants: snake_case or camelCase keys, a `data` wrapper, `value` or `amount`.
 */
export function fromCoinbaseQuote(body: unknown, fiatCurrency: string, asset?: string): PorticoQuote {
  const root = body !== null && typeof body === 'object' && 'data' in body && typeof body.data === 'object' ? body.data : body;
  const pick = (snake: string, camel: string) => (root as Record<string, unknown> | null)?.[snake] ?? (root as Record<string, unknown> | null)?.[camel];
  const parsed = z
    .object({ purchase: coinbaseAmount, coinbaseFee: coinbaseAmount, networkFee: coinbaseAmount })
    .safeParse({ purchase: pick('purchase_amount', 'purchaseAmount'), coinbaseFee: pick('coinbase_fee', 'coinbaseFee'), networkFee: pick('network_fee', 'networkFee') });
  if (!parsed.success) throw new OnrampProviderError('coinbase', `Coinbase's quote is not in its documented shape (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  const { purchase, coinbaseFee, networkFee } = parsed.data;
  for (const fee of [coinbaseFee, networkFee]) if (fee.currency !== fiatCurrency) throw new OnrampProviderError('coinbase', `Coinbase's quote has a fee in ${fee.currency}, not ${fiatCurrency}`);
  if (asset !== undefined && purchase.currency !== asset) throw new OnrampProviderError('coinbase', `Coinbase quoted ${purchase.currency}, not ${asset}`);
  return { provider: 'coinbase', cryptoAmount: purchase.value, fee: (Number(coinbaseFee.value) + Number(networkFee.value)).toFixed(2) };
}

const meldNumber = z.union([z.number().nonnegative(), z.string().regex(/^\d{1,30}(\.\d{1,30})?$/).transform(Number)]);
const meldQuotes = z.object({
  quotes: z.array(
    z.object({
      serviceProvider: z.string().min(1),
      destinationAmount: meldNumber,
      destinationCurrencyCode: z.string().min(1),
      sourceCurrencyCode: z.string().min(1),
      totalFee: z.nullable(z.optional(meldNumber)),
    }),
  ),
});

/**
 * Meld's quotes (`POST /payments/crypto/quote`: one per service provider behind it) as Portico's
 * Meld quote: the one that buys the most, with its total fee. Throws when Meld quoted nothing.
 */
export function fromMeldQuotes(body: unknown, fiatCurrency: string, currencyCode?: string): PorticoQuote & { readonly serviceProvider: string } {
  const parsed = meldQuotes.safeParse(body);
  if (!parsed.success) throw new OnrampProviderError('meld', `Meld's quotes are not in their documented shape (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  // Only quotes for what was asked: this fiat currency, this crypto currency.
  const usable = parsed.data.quotes.filter((q) => q.sourceCurrencyCode === fiatCurrency && (currencyCode === undefined || q.destinationCurrencyCode === currencyCode) && q.destinationAmount > 0);
  if (usable.length === 0) throw new OnrampProviderError('meld', 'Meld has no quote for this purchase');
  const best = usable.reduce((a, b) => (b.destinationAmount > a.destinationAmount ? b : a));
  return { provider: 'meld', cryptoAmount: decimalString(best.destinationAmount), fee: (best.totalFee ?? 0).toFixed(2), serviceProvider: best.serviceProvider };
}

/** A provider's error body in words: Coinbase's `{ code, message }` (or its v2 `{ errorType, errorMessage }`), Meld's `{ code, message, errors }`. */
export function providerErrorMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);
  const errors = Array.isArray(b.errors) ? b.errors.map(text).filter(Boolean).join('; ') : undefined;
  const message = text(b.errorMessage) ?? text(b.message);
  const code = text(b.errorType) ?? (typeof b.code === 'string' ? b.code : undefined) ?? text(b.error);
  return [code, message, errors].filter(Boolean).join(': ') || undefined;
}

/**
 * The bearer JWT a CDP secret API key signs for one request (Coinbase Developer Platform's
 * scheme): header `{ alg: ES256, kid, typ: JWT, nonce }`, claims `iss` "cdp", `sub` the key's
 * name, `nbf`/`iat` now, `exp` 120 s later, `uris` naming the request (`POST host/path`).
 */
export function cdpJwt(key: { readonly keyName: string; readonly privateKey: KeyObject }, method: string, url: URL, nowMs = Date.now()): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ uris: [`${method} ${url.host}${url.pathname}`] })
    .setProtectedHeader({ alg: 'ES256', kid: key.keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setIssuer('cdp')
    .setSubject(key.keyName)
    .setNotBefore(now)
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .sign(key.privateKey);
}
