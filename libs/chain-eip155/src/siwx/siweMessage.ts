import { Caip122FieldError, caip122Header, checkCaip122Fields } from '@portico/kernel/caip';
import type { SiwxMessageFields } from '@portico/plugin-siwx/api';
import { checksumAddress, isAddress } from 'viem';

/**
 * EIP-4361 (Sign-In with Ethereum) text, written and read by its ABNF. Every field is
 * written exactly as the caller gave it (no date, version or chain-id rewriting), so a
 * message built by another library and parsed here formats back to the same bytes, and
 * verification can check the exact text that was signed.
 */

/** A message that is not EIP-4361, or a field that cannot be written into one. */
export class SiweMessageError extends Caip122FieldError {
  override name = 'SiweMessageError';
}

const CHAIN = /^eip155:([1-9][0-9]{0,31})$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// EIP-4361 `statement = *( reserved / unreserved / " " )` (RFC 3986): printable ASCII but
// `"`, `%`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`.
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const HEADER = / wants you to sign in with your Ethereum account:$/;
// EIP-4361's optional `scheme "://"` before the domain: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
export const SIWE_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const SCHEME_PREFIX = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** The decimal EIP-155 chain id of a CAIP-2 `eip155:N`, as a string (any size). */
export function eip155Reference(caipNetworkId: string): string {
  const match = CHAIN.exec(caipNetworkId);
  if (!match) throw new SiweMessageError(`chainId "${caipNetworkId}" is not an eip155 CAIP-2 id such as eip155:1`);
  return match[1]!;
}

/**
 * The `Chain ID` of a sign-in message. Refused above 2^53 − 1: viem and the `siwe` package read
 * it as a JavaScript number, so a relying party using them would round it to another chain's id
 * (…993 becomes …992) and check a smart account on the wrong chain.
 */
function siweChainId(caipNetworkId: string): string {
  const reference = eip155Reference(caipNetworkId);
  if (BigInt(reference) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new SiweMessageError(
      `chainId ${caipNetworkId} is above 2^53 − 1 (${Number.MAX_SAFE_INTEGER}): EIP-4361 libraries such as viem and siwe read the Chain ID as a JavaScript number and would round it to another chain's, so it cannot be signed in with`,
    );
  }
  return reference;
}

/**
 * The EIP-55 form of an address as EIP-4361 wants it. All-lower- or all-upper-case hex
 * carries no checksum and is written checksummed; mixed case must already be a valid
 * EIP-55 checksum, or it is refused (never silently corrected).
 */
function eip55(address: string): `0x${string}` {
  if (!HEX_ADDRESS.test(address)) throw new SiweMessageError(`accountAddress "${address}" is not an EVM address (0x and 40 hex digits)`);
  const body = address.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && !isAddress(address, { strict: true })) throw new SiweMessageError(`accountAddress "${address}" has a bad EIP-55 checksum`);
  return checksumAddress(address as `0x${string}`);
}

/**
 * The EIP-4361 message for sign-in fields, with `scheme://` before the domain when the fields
 * have a scheme. Refuses (with a `SiweMessageError` naming the field) anything that could add
 * or change a line, a version other than 1, a date that is not RFC 3339, a domain that is not
 * an RFC 3986 authority, a statement outside the EIP's ASCII set, a mixed-case address with a
 * bad checksum, and a chain id above 2^53 − 1.
 */
export function formatSiweMessage(fields: SiwxMessageFields): string {
  checkCaip122Fields(fields);
  const chainId = siweChainId(fields.chainId);
  const address = eip55(fields.accountAddress);
  if (fields.statement !== undefined && !STATEMENT.test(fields.statement)) {
    throw new SiweMessageError('statement may hold only printable ASCII without " % < > \\ ^ ` { | } (EIP-4361)');
  }
  let text = `${caip122Header(fields, 'Ethereum')}\n${address}\n\n`;
  if (fields.statement) text += `${fields.statement}\n`;
  text += `\nURI: ${fields.uri}\nVersion: ${fields.version}\nChain ID: ${chainId}\nNonce: ${fields.nonce}\nIssued At: ${fields.issuedAt}`;
  if (fields.expirationTime !== undefined) text += `\nExpiration Time: ${fields.expirationTime}`;
  if (fields.notBefore !== undefined) text += `\nNot Before: ${fields.notBefore}`;
  if (fields.requestId !== undefined) text += `\nRequest ID: ${fields.requestId}`;
  if (fields.resources !== undefined) text += `\nResources:${fields.resources.map((r) => `\n- ${r}`).join('')}`;
  return text;
}

/**
 * Reads an EIP-4361 message into sign-in fields (`chainId` as CAIP-2, the optional `scheme`
 * of `scheme://domain`, every value as written). Throws a `Caip122FieldError` (often its
 * `SiweMessageError`) saying what is wrong for anything that does not follow the ABNF, that
 * would not format back to the very same text (e.g. an address without its EIP-55 checksum),
 * or whose chain id is above 2^53 − 1.
 */
export function parseSiweMessage(message: string): SiwxMessageFields {
  if (typeof message !== 'string') throw new SiweMessageError('the message must be a string');
  const lines = message.split('\n');
  let at = 0;
  const next = (what: string): string => {
    const line = lines[at++];
    if (line === undefined) throw new SiweMessageError(`the message ends before ${what}`);
    return line;
  };
  const field = (label: string): string => {
    const line = next(`"${label}"`);
    if (!line.startsWith(`${label}: `)) throw new SiweMessageError(`line ${at} must start with "${label}: "`);
    return line.slice(label.length + 2);
  };
  const optional = (label: string): string | undefined => (lines[at]?.startsWith(`${label}: `) ? field(label) : undefined);

  const header = next('the header');
  if (!HEADER.test(header)) throw new SiweMessageError('line 1 must end with " wants you to sign in with your Ethereum account:"');
  let origin = header.replace(HEADER, '');
  const scheme = SCHEME_PREFIX.exec(origin)?.[1];
  if (scheme !== undefined) origin = origin.slice(scheme.length + 3);
  const accountAddress = next('the address');
  if (next('the blank line after the address') !== '') throw new SiweMessageError('line 3 must be empty');
  let statement: string | undefined = next('the statement or a blank line');
  if (statement === '') statement = undefined;
  else if (next('the blank line after the statement') !== '') throw new SiweMessageError(`line ${at} must be empty (after the statement)`);
  const uri = field('URI');
  const version = field('Version');
  const chain = field('Chain ID');
  if (!/^[1-9][0-9]{0,31}$/.test(chain)) throw new SiweMessageError('Chain ID must be a decimal EIP-155 chain id');
  siweChainId(`eip155:${chain}`);
  const nonce = field('Nonce');
  const issuedAt = field('Issued At');
  const expirationTime = optional('Expiration Time');
  const notBefore = optional('Not Before');
  const requestId = optional('Request ID');
  let resources: string[] | undefined;
  if (lines[at] === 'Resources:') {
    at++;
    resources = [];
    while (lines[at]?.startsWith('- ')) resources.push(lines[at++]!.slice(2));
  }
  if (at !== lines.length) throw new SiweMessageError(`line ${at + 1} is not part of an EIP-4361 message`);

  const fields: SiwxMessageFields = {
    ...(scheme !== undefined ? { scheme } : {}),
    domain: origin,
    accountAddress,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version,
    chainId: `eip155:${chain}`,
    nonce,
    issuedAt,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  };
  if (formatSiweMessage(fields) !== message) throw new SiweMessageError('the message is not in EIP-4361 form (the address must carry its EIP-55 checksum)');
  return fields;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/**
 * Whether the fields a client sent describe the signed message: every field equal as
 * written (the address compared without regard to case, an empty statement or resource
 * list the same as none).
 */
export function sameSiweFields(signed: SiwxMessageFields, claimed: SiwxMessageFields): boolean {
  return (
    signed.scheme === claimed.scheme &&
    signed.domain === claimed.domain &&
    signed.accountAddress.toLowerCase() === claimed.accountAddress.toLowerCase() &&
    (signed.statement || undefined) === (claimed.statement || undefined) &&
    signed.uri === claimed.uri &&
    signed.version === claimed.version &&
    signed.chainId === claimed.chainId &&
    signed.nonce === claimed.nonce &&
    signed.issuedAt === claimed.issuedAt &&
    signed.expirationTime === claimed.expirationTime &&
    signed.notBefore === claimed.notBefore &&
    signed.requestId === claimed.requestId &&
    sameList(signed.resources, claimed.resources)
  );
}
