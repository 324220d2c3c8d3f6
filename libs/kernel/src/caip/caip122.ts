/**
 * The fields of a CAIP-122 sign-in message (the same shape as plugin-siwx's
 * `SiwxMessageFields`): `chainId` is CAIP-2, `accountAddress` the bare address, `scheme`
 * the optional URI scheme written before the domain (`https://app.example.com wants you…`).
 */
export interface Caip122Fields {
  readonly scheme?: string;
  readonly domain: string;
  readonly accountAddress: string;
  readonly uri: string;
  readonly version: string;
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: string;
  readonly statement?: string;
  readonly expirationTime?: string;
  readonly notBefore?: string;
  readonly requestId?: string;
  readonly resources?: readonly string[];
}

/** A CAIP-122 field that would change the message's lines, break its grammar, or is missing. */
export class Caip122FieldError extends TypeError {
  override name = 'Caip122FieldError';
}

/**
 * Every character that ends a line somewhere: LF, VT, FF, CR, NEL, LS, PS. A field holding
 * one could add lines (a forged `Resources:` entry) to what a parser reads back.
 */
export const LINE_TERMINATOR = /[\n\v\f\r\u0085\u2028\u2029]/;
// The other control characters (C0, DEL, C1): nothing a person can read belongs in a field.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// RFC 3986 pieces (section 2 and 3). `%XX` is the only escape.
const PCT = '%[0-9A-Fa-f]{2}';
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const AUTHORITY = new RegExp(
  `^(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?` + // userinfo
    `(?:\\[[0-9A-Fa-f:.]+\\]|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})+)` + // IP-literal or reg-name / IPv4
    '(?::[0-9]*)?$', // port
);
const URI = new RegExp(`^[A-Za-z][A-Za-z0-9+.\\-]*:(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*$`);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const PCHARS = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})*$`);
/** RFC 3339 `date-time` as EIP-4361 and CAIP-122 use it (upper-case `T` and `Z`). */
export const RFC3339_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;

/** Whether a string is an RFC 3986 authority (`host`, `host:port`, `user@host`, `[::1]:8080`). */
export const isRfc3986Authority = (value: string): boolean => AUTHORITY.test(value);
/** Whether a string is an absolute RFC 3986 URI (scheme, then only URI characters). */
export const isRfc3986Uri = (value: string): boolean => URI.test(value);

function text(name: string, value: unknown, required: boolean): value is string {
  if (value === undefined) {
    if (required) throw new Caip122FieldError(`${name} is required`);
    return false;
  }
  if (typeof value !== 'string') throw new Caip122FieldError(`${name} must be a string`);
  if (required && value.length === 0) throw new Caip122FieldError(`${name} must be a non-empty string`);
  if (LINE_TERMINATOR.test(value)) throw new Caip122FieldError(`${name} must be one line (no line terminator of any kind)`);
  if (CONTROL.test(value)) throw new Caip122FieldError(`${name} must not contain control characters`);
  return true;
}

/**
 * The one rule both message builders share (EIP-4361 for eip155, CAIP-122 for the rest):
 * every field is checked as given and never rewritten. No field may hold a line
 * terminator or a control character; the domain is an RFC 3986 authority, the URI and
 * each resource an RFC 3986 URI, the version `1`, dates RFC 3339 (kept as written), the
 * chain id CAIP-2, the nonce ≥ 8 alphanumerics, the request id RFC 3986 `pchar`s.
 * Throws a `Caip122FieldError` naming the field.
 */
export function checkCaip122Fields(fields: Caip122Fields): void {
  if (fields === null || typeof fields !== 'object') throw new Caip122FieldError('sign-in fields must be an object');
  if (text('scheme', fields.scheme, false) && !SCHEME.test(fields.scheme)) throw new Caip122FieldError('scheme must be an RFC 3986 URI scheme such as https');
  text('domain', fields.domain, true);
  if (!AUTHORITY.test(fields.domain)) throw new Caip122FieldError('domain must be an RFC 3986 authority (host[:port]), e.g. app.example.com');
  text('accountAddress', fields.accountAddress, true);
  text('uri', fields.uri, true);
  if (!URI.test(fields.uri)) throw new Caip122FieldError('uri must be an absolute RFC 3986 URI');
  text('version', fields.version, true);
  if (fields.version !== '1') throw new Caip122FieldError('version must be "1"');
  text('chainId', fields.chainId, true);
  if (!CAIP2.test(fields.chainId)) throw new Caip122FieldError('chainId must be a CAIP-2 id');
  text('nonce', fields.nonce, true);
  if (!NONCE.test(fields.nonce)) throw new Caip122FieldError('nonce must be at least 8 alphanumeric characters');
  for (const name of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[name];
    if (text(name, value, name === 'issuedAt') && (!RFC3339_DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))) {
      throw new Caip122FieldError(`${name} must be an RFC 3339 date-time such as 2026-11-23T10:00:00Z`);
    }
  }
  text('statement', fields.statement, false);
  if (text('requestId', fields.requestId, false) && !PCHARS.test(fields.requestId)) throw new Caip122FieldError('requestId may hold only RFC 3986 path characters');
  if (fields.resources !== undefined) {
    if (!Array.isArray(fields.resources)) throw new Caip122FieldError('resources must be a list of URIs');
    for (const resource of fields.resources as readonly unknown[]) {
      text('resources', resource, true);
      if (!URI.test(resource as string)) throw new Caip122FieldError('each of resources must be an absolute RFC 3986 URI');
    }
  }
}

/** The first line: `[scheme://]domain wants you to sign in with your <Ecosystem> account:`. */
export const caip122Header = (fields: Pick<Caip122Fields, 'scheme' | 'domain'>, ecosystem: string): string =>
  `${fields.scheme ? `${fields.scheme}://` : ''}${fields.domain} wants you to sign in with your ${ecosystem} account:`;

/**
 * The CAIP-122 message text for a namespace profile without its own standard (solana
 * follows the Sign-In-With-Solana layout, bip122 the same one): header with the
 * ecosystem name, address, optional statement, then the fields in CAIP-122 order with the
 * chain id (the CAIP-2 reference) after `Version:`, absent fields left out. Every value
 * is written exactly as given (see `checkCaip122Fields`).
 */
export function formatCaip122Message(fields: Caip122Fields, ecosystem: string): string {
  checkCaip122Fields(fields);
  const lines = [caip122Header(fields, ecosystem), fields.accountAddress, ''];
  if (fields.statement) lines.push(fields.statement, '');
  lines.push(`URI: ${fields.uri}`, `Version: ${fields.version}`, `Chain ID: ${fields.chainId.slice(fields.chainId.indexOf(':') + 1)}`, `Nonce: ${fields.nonce}`, `Issued At: ${fields.issuedAt}`);
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/**
 * Whether a sign-in is usable at `now`: not expired, not before its `notBefore`, and — when
 * `domain` is given — bound to that domain; when `scheme` is given (the site's, e.g. `https`),
 * a message that names a scheme must name that one (schemes compare case-insensitively,
 * RFC 3986 §3.1). A message without a scheme is not refused for it.
 */
export function isCaip122Current(fields: Caip122Fields, now: Date = new Date(), domain?: string, scheme?: string): boolean {
  if (domain !== undefined && fields.domain !== domain) return false;
  if (scheme !== undefined && fields.scheme !== undefined && fields.scheme.toLowerCase() !== scheme.toLowerCase()) return false;
  const at = now.getTime();
  if (fields.expirationTime !== undefined && !(Date.parse(fields.expirationTime) > at)) return false;
  if (fields.notBefore !== undefined && !(Date.parse(fields.notBefore) <= at)) return false;
  return !Number.isNaN(Date.parse(fields.issuedAt));
}
