/**
 * The fields of a CAIP-122 sign-in message (the same shape as plugin-siwx's
 * `SiwxMessageFields`): `chainId` is CAIP-2, `accountAddress` the bare address.
 */
export interface Caip122Fields {
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

/** A CAIP-122 field that would break the message's line structure, or a missing one. */
export class Caip122FieldError extends TypeError {
  override name = 'Caip122FieldError';
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function check(name: string, value: string | undefined, required: boolean): void {
  if (value === undefined) {
    if (required) throw new Caip122FieldError(`${name} is required`);
    return;
  }
  if (typeof value !== 'string' || (required && value.length === 0)) throw new Caip122FieldError(`${name} must be a non-empty string`);
  if (/[\r\n]/.test(value)) throw new Caip122FieldError(`${name} must be one line`);
}

/**
 * The CAIP-122 message text for a namespace profile without its own standard (solana
 * follows the Sign-In-With-Solana layout, bip122 the same one): header with the
 * ecosystem name, address, optional statement, then the fields in CAIP-122 order with the
 * chain id (the CAIP-2 reference) after `Version:`, absent fields left out.
 */
export function formatCaip122Message(fields: Caip122Fields, ecosystem: string): string {
  for (const [name, value] of Object.entries({ domain: fields.domain, accountAddress: fields.accountAddress, uri: fields.uri, version: fields.version, chainId: fields.chainId, nonce: fields.nonce, issuedAt: fields.issuedAt })) check(name, value, true);
  for (const [name, value] of Object.entries({ statement: fields.statement, expirationTime: fields.expirationTime, notBefore: fields.notBefore, requestId: fields.requestId })) check(name, value, false);
  for (const [name, value] of Object.entries({ issuedAt: fields.issuedAt, expirationTime: fields.expirationTime, notBefore: fields.notBefore })) {
    if (value !== undefined && !RFC3339.test(value)) throw new Caip122FieldError(`${name} must be an RFC 3339 date-time`);
  }
  if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(fields.chainId)) throw new Caip122FieldError('chainId must be a CAIP-2 id');
  if (!/^[a-zA-Z0-9]{8,}$/.test(fields.nonce)) throw new Caip122FieldError('nonce must be at least 8 alphanumeric characters');
  for (const resource of fields.resources ?? []) check('resources', resource, true);
  const lines = [`${fields.domain} wants you to sign in with your ${ecosystem} account:`, fields.accountAddress, ''];
  if (fields.statement) lines.push(fields.statement, '');
  lines.push(`URI: ${fields.uri}`, `Version: ${fields.version}`, `Chain ID: ${fields.chainId.slice(fields.chainId.indexOf(':') + 1)}`, `Nonce: ${fields.nonce}`, `Issued At: ${fields.issuedAt}`);
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/**
 * Whether a sign-in is usable at `now`: not expired, not before its `notBefore`, and —
 * when `domain` is given — bound to that domain.
 */
export function isCaip122Current(fields: Caip122Fields, now: Date = new Date(), domain?: string): boolean {
  if (domain !== undefined && fields.domain !== domain) return false;
  const at = now.getTime();
  if (fields.expirationTime !== undefined && !(Date.parse(fields.expirationTime) > at)) return false;
  if (fields.notBefore !== undefined && !(Date.parse(fields.notBefore) <= at)) return false;
  return !Number.isNaN(Date.parse(fields.issuedAt));
}
