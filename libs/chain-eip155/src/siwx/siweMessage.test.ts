import type { SiwxMessageFields } from '@portico/plugin-siwx/api';
import fc from 'fast-check';
import { SiweMessage } from 'siwe';
import { checksumAddress, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage as viemCreate, parseSiweMessage as viemParse } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNT_0 } from '../testing/createTestWallet';
import { createEip155Verifier } from './createEip155Verifier';
import { formatSiweMessage, parseSiweMessage, SiweMessageError } from './siweMessage';

const signer = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const verifier = createEip155Verifier({ now: () => new Date(NOW) });

// The three example messages of ERC-4361 (ethereum/ERCs, ERCS/erc-4361.md), byte for byte.
const EIP_BODY = [
  '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  '',
  'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2021-09-30T16:25:24Z',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
];
const EIP_EXAMPLES = {
  'implicit scheme': ['example.com wants you to sign in with your Ethereum account:', ...EIP_BODY].join('\n'),
  'implicit scheme and explicit port': ['example.com:3388 wants you to sign in with your Ethereum account:', ...EIP_BODY].join('\n'),
  'explicit scheme': ['https://example.com wants you to sign in with your Ethereum account:', ...EIP_BODY].join('\n'),
};

describe('ERC-4361 examples', () => {
  for (const [name, text] of Object.entries(EIP_EXAMPLES)) {
    it(`reads the example with ${name} and writes it back byte for byte, as viem and siwe read it`, () => {
      const fields = parseSiweMessage(text);
      expect(fields.issuedAt).toBe('2021-09-30T16:25:24Z');
      expect(fields.chainId).toBe('eip155:1');
      expect(formatSiweMessage(fields)).toBe(text);
      expect(new SiweMessage(text).toMessage()).toBe(text);
      const viem = viemParse(text);
      expect([viem.domain, viem.address, viem.statement, viem.nonce, viem.scheme]).toEqual([fields.domain, fields.accountAddress, fields.statement, fields.nonce, fields.scheme]);
    });

    it(`verifies the example with ${name} signed by a real key (its address line swapped for the signer's)`, async () => {
      const message = text.replace('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', signer.address);
      const signature = await signer.signMessage({ message });
      const at = createEip155Verifier({ now: () => new Date('2021-09-30T16:30:00Z'), domain: name === 'implicit scheme and explicit port' ? 'example.com:3388' : 'example.com' });
      expect(await at.verify({ data: parseSiweMessage(message), message, signature })).toBe(true);
      // Re-dating the text (…24Z → …24.000Z) is a different message: the signature no longer covers it.
      const redated = message.replace('16:25:24Z', '16:25:24.000Z');
      expect(await at.verify({ data: parseSiweMessage(redated), message: redated, signature })).toBe(false);
    });
  }
});

// Generated sign-in fields within what EIP-4361 and both peers (viem, siwe) accept.
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const label = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), maxLength: 10 }), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'))
  .map(([a, b, c]) => a + b + c);
const host = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'org', 'example', 'io', 'xyz')).map(([labels, tld]) => [...labels, tld].join('.'));
const domain = fc.oneof(
  host,
  fc.tuple(host, fc.integer({ min: 1, max: 65_535 })).map(([h, p]) => `${h}:${p}`),
  fc.integer({ min: 1024, max: 65_535 }).map((p) => `localhost:${p}`),
  fc.tuple(fc.ipV4(), fc.integer({ min: 1, max: 65_535 })).map(([ip, p]) => `${ip}:${p}`),
);
const pathPart = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-._~'), maxLength: 12 });
const uri = fc.oneof(
  fc.tuple(host, pathPart).map(([h, p]) => `https://${h}/${p}`),
  fc.tuple(host, pathPart, pathPart).map(([h, p, q]) => `https://${h}/${p}?q=${q}`),
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz234567'), minLength: 10, maxLength: 40 }).map((cid) => `ipfs://${cid}`),
);
const statementChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;= ";
// Not starting or ending with a space (siwe's grammar trims nothing, but viem's reader does not keep them all).
const statement = fc.string({ unit: fc.constantFrom(...statementChars), minLength: 1, maxLength: 80 }).filter((s) => s.trim() === s && s.length > 0);
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => checksumAddress(toHex(bytes)));
const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
// RFC 3339 as people write it: with or without fractions, `Z` or an offset.
const dateText = fc.tuple(date, fc.constantFrom('iso', 'seconds', 'offset', 'micro')).map(([d, form]) => {
  const iso = d.toISOString();
  if (form === 'iso') return iso;
  if (form === 'seconds') return `${iso.slice(0, 19)}Z`;
  if (form === 'micro') return `${iso.slice(0, 23)}417Z`;
  const shifted = new Date(d.getTime() + 5.5 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+05:30`;
});
const anyDates = <T extends SiwxMessageFields>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, dateText, dateText, dateText).map(([f, issuedAt, expirationTime, notBefore]) => ({
    ...f,
    issuedAt,
    ...(f.expirationTime !== undefined ? { expirationTime } : {}),
    ...(f.notBefore !== undefined ? { notBefore } : {}),
  }));
// Schemes by EIP-4361's ABNF (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), as sites write them.
const scheme = fc.oneof(
  fc.constantFrom('https', 'http', 'HTTPS', 'web+siwe', 'chrome-extension', 'app.v2'),
  fc
    .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789+-.'), maxLength: 8 }))
    .map(([first, rest]) => first + rest),
);
// Up to 2^53 − 1, the largest chain id a JavaScript number (viem's, siwe's) holds exactly.
const chainId = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 31 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.constant(Number.MAX_SAFE_INTEGER),
);
const fieldsArb = fc.record(
  {
    scheme,
    domain,
    accountAddress: address,
    statement,
    uri,
    chainId: chainId.map((n) => `eip155:${n}`),
    nonce: fc.string({ unit: alnum, minLength: 8, maxLength: 32 }),
    issuedAt: date.map((d) => d.toISOString()),
    expirationTime: date.map((d) => d.toISOString()),
    notBefore: date.map((d) => d.toISOString()),
    requestId: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@'), minLength: 1, maxLength: 20 }),
    resources: fc.array(uri, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['domain', 'accountAddress', 'uri', 'chainId', 'nonce', 'issuedAt'] },
).map((f): SiwxMessageFields => ({ ...f, version: '1' }));

/** The fields as siwe's and viem's field objects hold them. */
const peerView = (f: SiwxMessageFields) => ({
  scheme: f.scheme,
  domain: f.domain,
  address: f.accountAddress,
  statement: f.statement,
  uri: f.uri,
  version: f.version,
  chainId: Number(f.chainId.slice('eip155:'.length)),
  nonce: f.nonce,
  issuedAt: f.issuedAt,
  expirationTime: f.expirationTime,
  notBefore: f.notBefore,
  requestId: f.requestId,
  resources: f.resources,
});

describe('interop with viem and siwe over generated messages', () => {
  it('what Portico writes, viem and siwe read back field for field, and siwe writes the same text', () => {
    fc.assert(
      fc.property(anyDates(fieldsArb), (fields) => {
        const text = formatSiweMessage(fields);
        expect(parseSiweMessage(text)).toEqual(fields);
        const siwe = new SiweMessage(text);
        expect(siwe.toMessage()).toBe(text);
        expect(Object.fromEntries(Object.entries({ ...siwe }).filter(([, v]) => v !== undefined))).toEqual(
          Object.fromEntries(Object.entries(peerView(fields)).filter(([, v]) => v !== undefined)),
        );
        const viem = viemParse(text);
        expect(viem.scheme).toBe(fields.scheme);
        expect(viem.address).toBe(fields.accountAddress);
        expect(viem.domain).toBe(fields.domain);
        expect(viem.statement).toBe(fields.statement);
        expect(viem.nonce).toBe(fields.nonce);
        expect(viem.chainId).toBe(Number(fields.chainId.slice(7)));
        expect(viem.resources).toEqual(fields.resources);
        expect(viem.issuedAt?.getTime()).toBe(Date.parse(fields.issuedAt));
      }),
      { numRuns: 300 },
    );
  });

  it('what viem and siwe write, Portico reads to the same fields and writes back byte for byte', () => {
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const peer = peerView(fields);
        const byViem = viemCreate({
          ...peer,
          address: peer.address as `0x${string}`,
          version: '1',
          issuedAt: new Date(fields.issuedAt),
          expirationTime: fields.expirationTime ? new Date(fields.expirationTime) : undefined,
          notBefore: fields.notBefore ? new Date(fields.notBefore) : undefined,
          resources: fields.resources ? [...fields.resources] : undefined,
        });
        const bySiwe = new SiweMessage({ ...peer, resources: fields.resources ? [...fields.resources] : undefined }).prepareMessage();
        for (const text of [byViem, bySiwe]) {
          expect(parseSiweMessage(text)).toEqual(fields);
          expect(formatSiweMessage(parseSiweMessage(text))).toBe(text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('signatures cross both ways: siwe verifies what Portico built and viem signed; Portico verifies what siwe built', async () => {
    await fc.assert(
      fc.asyncProperty(fieldsArb, async (generated) => {
        // A scheme, when there is one, is the site's (https, the verifier's default).
        const fields = { ...generated, ...(generated.scheme ? { scheme: 'https' } : {}), accountAddress: signer.address, issuedAt: new Date(NOW - 1000).toISOString(), expirationTime: new Date(NOW + 60_000).toISOString(), notBefore: undefined };
        const ours = formatSiweMessage(fields);
        const oursSigned = await signer.signMessage({ message: ours });
        const checked = await new SiweMessage(ours).verify({ signature: oursSigned, time: new Date(NOW).toISOString() }, { suppressExceptions: true });
        expect(checked.success).toBe(true);
        const theirs = new SiweMessage({ ...peerView(fields), resources: fields.resources ? [...fields.resources] : undefined }).prepareMessage();
        const theirsSigned = await signer.signMessage({ message: theirs });
        expect(await verifier.verify({ data: parseSiweMessage(theirs), message: theirs, signature: theirsSigned })).toBe(true);
        expect(await verifier.verify({ data: fields, message: theirs, signature: theirsSigned })).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});

describe('the builder refuses what would change the message instead of rewriting it', () => {
  const base = (): SiwxMessageFields => ({
    domain: 'app.example.com',
    accountAddress: signer.address,
    uri: 'https://app.example.com/login',
    version: '1',
    chainId: 'eip155:1',
    nonce: 'k3Jd9QmZpX2vTa8L',
    issuedAt: '2026-01-01T11:59:00Z',
  });
  const TERMINATORS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029'];
  const oneLineFields = ['domain', 'uri', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'statement', 'scheme'] as const;

  it('any line terminator anywhere in any field is refused with an error naming the field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...oneLineFields), fc.constantFrom(...TERMINATORS), fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (name, terminator, before, after) => {
        const fields = { ...base(), [name]: `${before}${terminator}${after}` };
        expect(() => formatSiweMessage(fields)).toThrow(new RegExp(`^${name}`));
      }),
      { numRuns: 500 },
    );
    for (const terminator of TERMINATORS) expect(() => formatSiweMessage({ ...base(), resources: [`https://a.example/${terminator}x`] })).toThrow(/^resources must be one line/);
  });

  it('refuses the review case: a request id that smuggles in a Resources line', async () => {
    expect(() => formatSiweMessage({ ...base(), requestId: 'r1\nResources:\n- https://evil.example/steal' })).toThrow('requestId must be one line');
    // Even hand-written, the signed text then says something the fields do not: not verified.
    const forged = `${formatSiweMessage({ ...base(), requestId: 'r1' })}\nResources:\n- https://evil.example/steal`;
    const signature = await signer.signMessage({ message: forged });
    expect(await verifier.verify({ data: { ...base(), requestId: 'r1\nResources:\n- https://evil.example/steal' }, message: forged, signature })).toBe(false);
    expect(await verifier.verify({ data: { ...base(), requestId: 'r1' }, message: forged, signature })).toBe(false);
  });

  it('refuses version 2, non-RFC 3339 dates, a bad EIP-55 checksum and a domain that is not an authority', () => {
    expect(() => formatSiweMessage({ ...base(), version: '2' })).toThrow('version must be "1"');
    for (const bad of ['2026-01-01 11:59:00Z', 'Thu, 01 Jan 2026 11:59:00 GMT', '2026-01-01T11:59:00', '1767268740000', '2026-13-01T00:00:00Z']) {
      expect(() => formatSiweMessage({ ...base(), issuedAt: bad })).toThrow('issuedAt must be an RFC 3339 date-time');
    }
    const flipped = signer.address.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(() => formatSiweMessage({ ...base(), accountAddress: flipped })).toThrow('bad EIP-55 checksum');
    expect(() => formatSiweMessage({ ...base(), domain: 'evil.example wants you to sign in with your Ethereum account:' })).toThrow('domain must be an RFC 3986 authority');
    expect(() => formatSiweMessage({ ...base(), statement: 'Say "hi" <b>' })).toThrow('statement may hold only printable ASCII');
  });

  it('keeps what it was given: dates as written, lower-case hex written with its checksum', () => {
    const text = formatSiweMessage({ ...base(), issuedAt: '2026-01-01T11:59:00+01:00', accountAddress: signer.address.toLowerCase() });
    expect(text).toContain('Issued At: 2026-01-01T11:59:00+01:00');
    expect(text.split('\n')[1]).toBe(signer.address);
  });

  it('refuses chain ids above 2^53 − 1 in the fields, in a message and in verification, saying why', async () => {
    const TOO_BIG = /^chainId eip155:9007199254740993 is above 2\^53 − 1 \(9007199254740991\)/;
    const fields = { ...base(), chainId: 'eip155:9007199254740993' };
    expect(() => formatSiweMessage(fields)).toThrow(SiweMessageError);
    expect(() => formatSiweMessage(fields)).toThrow(TOO_BIG);
    // The same text written by hand (viem would already have rounded it to …992).
    const message = formatSiweMessage(base()).replace('Chain ID: 1\n', 'Chain ID: 9007199254740993\n');
    expect(message).toContain('Chain ID: 9007199254740993');
    expect(() => parseSiweMessage(message)).toThrow(TOO_BIG);
    const signature = await signer.signMessage({ message });
    expect(await verifier.verify({ data: fields, message, signature })).toBe(false);
    // 2^53 itself is one past the limit; 2^53 − 1 is the largest chain id taken.
    expect(() => formatSiweMessage({ ...base(), chainId: 'eip155:9007199254740992' })).toThrow(/^chainId eip155:9007199254740992 is above 2\^53 − 1/);
    expect(() => formatSiweMessage({ ...base(), chainId: 'eip155:123456789012345678901234567890' })).toThrow(/is above 2\^53 − 1/);
    expect(formatSiweMessage({ ...base(), chainId: 'eip155:9007199254740991' })).toContain('Chain ID: 9007199254740991\n');
  });

  it('a chain id of 2^53 − 1 and an explicit scheme round-trip with viem, both ways, for generated messages', () => {
    fc.assert(
      fc.property(anyDates(fieldsArb), scheme, (generated, explicit) => {
        const fields: SiwxMessageFields = { ...generated, scheme: explicit, chainId: `eip155:${Number.MAX_SAFE_INTEGER}` };
        // Portico → viem
        const ours = formatSiweMessage(fields);
        const read = viemParse(ours);
        expect([read.scheme, read.domain, read.chainId, read.address, read.nonce]).toEqual([explicit, fields.domain, Number.MAX_SAFE_INTEGER, fields.accountAddress, fields.nonce]);
        // viem → Portico (viem writes dates with toISOString)
        const iso = { ...fields, issuedAt: new Date(fields.issuedAt).toISOString(), expirationTime: fields.expirationTime && new Date(fields.expirationTime).toISOString(), notBefore: fields.notBefore && new Date(fields.notBefore).toISOString() };
        const theirs = viemCreate({
          scheme: explicit,
          domain: fields.domain,
          address: fields.accountAddress as `0x${string}`,
          statement: fields.statement,
          uri: fields.uri,
          version: '1',
          chainId: Number.MAX_SAFE_INTEGER,
          nonce: fields.nonce,
          issuedAt: new Date(iso.issuedAt),
          expirationTime: iso.expirationTime ? new Date(iso.expirationTime) : undefined,
          notBefore: iso.notBefore ? new Date(iso.notBefore) : undefined,
          requestId: fields.requestId,
          resources: fields.resources ? [...fields.resources] : undefined,
        });
        expect(theirs.startsWith(`${explicit}://${fields.domain} wants you`)).toBe(true);
        expect(parseSiweMessage(theirs)).toEqual(Object.fromEntries(Object.entries(iso).filter(([, v]) => v !== undefined)));
        expect(formatSiweMessage(parseSiweMessage(theirs))).toBe(theirs);
      }),
      { numRuns: 50 },
    );
  });

  it('reads a message with a scheme and verifies it with the scheme in the fields, not without', async () => {
    const fields = { ...base(), scheme: 'https' };
    const message = formatSiweMessage(fields);
    expect(message.startsWith('https://app.example.com wants you to sign in')).toBe(true);
    const signature = await signer.signMessage({ message });
    expect(await verifier.verify({ data: fields, message, signature })).toBe(true);
    expect(await verifier.verify({ data: base(), message, signature })).toBe(false);
  });

  it('refuses texts that are not EIP-4361, saying where', () => {
    const good = formatSiweMessage(base());
    expect(() => parseSiweMessage(good.replace('\n\n\nURI', '\n\nURI'))).toThrow(SiweMessageError);
    expect(() => parseSiweMessage(`${good}\n`)).toThrow('is not part of an EIP-4361 message');
    expect(() => parseSiweMessage(good.replace(signer.address, signer.address.toLowerCase()))).toThrow('EIP-55');
    expect(() => parseSiweMessage(good.replace('Version: 1', 'Version: 2'))).toThrow('version must be "1"');
    expect(() => parseSiweMessage(good.replace('Chain ID: 1', 'Chain ID: 01'))).toThrow('Chain ID must be a decimal');
    expect(() => parseSiweMessage('hello')).toThrow('line 1 must end with');
  });
});

describe('the optional scheme before the domain (EIP-4361 ABNF: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))', () => {
  const body = (origin: string) => ['_ wants you to sign in with your Ethereum account:'.replace('_', origin), ...EIP_BODY].join('\n');

  it('reads and keeps each scheme the ABNF allows, and writes it back', () => {
    for (const scheme of ['https', 'http', 'HTTPS', 'web+siwe', 'chrome-extension', 'a1.b-c+d', 'x']) {
      const text = body(`${scheme}://example.com:8443`);
      const fields = parseSiweMessage(text);
      expect([fields.scheme, fields.domain]).toEqual([scheme, 'example.com:8443']);
      expect(formatSiweMessage(fields)).toBe(text);
    }
    expect(parseSiweMessage(body('example.com'))).not.toHaveProperty('scheme');
  });

  it('refuses a prefix outside the ABNF (what is left is no RFC 3986 authority)', () => {
    for (const origin of ['1https://example.com', '+https://example.com', 'ht tp://example.com', '://example.com', 'https:/example.com']) {
      expect(() => parseSiweMessage(body(origin)), origin).toThrow(/^domain must be an RFC 3986 authority/);
    }
    expect(() => parseSiweMessage(body('https://'))).toThrow(/^domain must be a non-empty string/);
  });
});
