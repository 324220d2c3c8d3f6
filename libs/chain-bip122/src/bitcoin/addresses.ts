import { PorticoError } from '@portico/kernel';
import { base58CheckDecode, base58CheckEncode, BASE58_CHARSET, BECH32_CHARSET, bech32Decode, segwitEncode, wordsToBytes } from './encodings';
import { addressNetworkOf, bitcoinNetworkNameOf, type BitcoinAddressNetwork } from './networks';
import { classifyOutputScript, p2pkhScript, p2shScript, witnessProgramScript } from './outputScripts';

/** Address types Portico understands; `witness-unknown` is a valid segwit v1+ address of no known use. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness-unknown';

/** A decoded address: its type, its network's address family and the output script it pays to. */
export interface ParsedBitcoinAddress {
  type: BitcoinAddressType;
  network: BitcoinAddressNetwork;
  script: Uint8Array;
}

/** The string is not a valid Bitcoin address (for the network asked); `reason` says why. */
export class InvalidBitcoinAddressError extends PorticoError {
  override name = 'InvalidBitcoinAddressError';
  readonly reason: string;
  constructor(reason: string) {
    super(`Invalid Bitcoin address: ${reason}`, { code: 'bip122/invalid-address' });
    this.reason = reason;
  }
}

/** Address prefixes of each address family (Bitcoin Core's chainparams). */
const ADDRESS_PREFIXES: Readonly<Record<BitcoinAddressNetwork, { pubKeyHash: number; scriptHash: number; bech32: string }>> = {
  mainnet: { pubKeyHash: 0x00, scriptHash: 0x05, bech32: 'bc' },
  testnet: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'tb' },
  regtest: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'bcrt' },
};
const SEGWIT_HRPS: ReadonlyMap<string, BitcoinAddressNetwork> = new Map<string, BitcoinAddressNetwork>([
  ['bc', 'mainnet'],
  ['tb', 'testnet'],
  ['bcrt', 'regtest'],
]);

/**
 * Decodes a base58check (P2PKH, P2SH) or segwit (BIP-173 / BIP-350) address. With a CAIP-2 network
 * id the address must belong to it (testnet addresses also serve signet, base58 test addresses
 * regtest). Throws InvalidBitcoinAddressError naming the problem.
 */
export function parseBitcoinAddress(address: string, caipNetworkId?: string): ParsedBitcoinAddress {
  const expected = caipNetworkId === undefined ? undefined : addressNetworkOf(caipNetworkId);
  if (typeof address !== 'string' || address.length === 0) throw new InvalidBitcoinAddressError('the address is empty');
  const parsed = isSegwitShaped(address) ? parseSegwitAddress(address) : parseBase58Address(address, expected);
  if (expected !== undefined && parsed.network !== expected) {
    const name = bitcoinNetworkNameOf(caipNetworkId!) ?? expected;
    throw new InvalidBitcoinAddressError(`${address} is a ${parsed.network} address, not a ${name} one (wrong network)`);
  }
  return parsed;
}

/** True when `address` is a valid Bitcoin address (for the CAIP-2 network, when given); never throws. */
export function isBitcoinAddress(address: string, caipNetworkId?: string): boolean {
  try {
    parseBitcoinAddress(address, caipNetworkId);
    return true;
  } catch {
    return false;
  }
}

/** The address of an output script on a network's address family, or undefined for scripts no address expresses. */
export function bitcoinAddressFromScript(script: Uint8Array, network: BitcoinAddressNetwork): string | undefined {
  const prefixes = ADDRESS_PREFIXES[network];
  const { type, payload, witnessVersion } = classifyOutputScript(script);
  if (type === 'p2pkh') return base58CheckEncode(Uint8Array.of(prefixes.pubKeyHash, ...payload));
  if (type === 'p2sh') return base58CheckEncode(Uint8Array.of(prefixes.scriptHash, ...payload));
  if (witnessVersion !== undefined) return segwitEncode(prefixes.bech32, witnessVersion, payload);
  return undefined;
}

/** A string goes down the segwit path when its HRP is Bitcoin's, or when it has bech32's shape rather than base58's. */
function isSegwitShaped(address: string): boolean {
  const separator = address.lastIndexOf('1');
  if (separator < 1) return false;
  if (SEGWIT_HRPS.has(address.slice(0, separator).toLowerCase())) return true;
  const data = address.slice(separator + 1).toLowerCase();
  const singleCase = address === address.toLowerCase() || address === address.toUpperCase();
  return singleCase && data.length >= 6 && [...data].every((char) => BECH32_CHARSET.includes(char)) && !isBase58Check(address);
}

/** True for a base58check string whose payload has an address's size (a version byte and a 20-byte hash). */
function isBase58Check(address: string): boolean {
  try {
    return base58CheckDecode(address).length === 21;
  } catch {
    return false;
  }
}

function parseSegwitAddress(address: string): ParsedBitcoinAddress {
  const fail = (reason: string): never => {
    throw new InvalidBitcoinAddressError(reason);
  };
  if (address.length > 90) fail(`a bech32 address has at most 90 characters, this one has ${address.length}`);
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) fail('bech32 addresses must not mix upper and lower case');
  const separator = lower.lastIndexOf('1');
  const hrp = lower.slice(0, separator);
  const network = SEGWIT_HRPS.get(hrp) ?? fail(`unknown human-readable part "${hrp}" (expected bc, tb or bcrt)`);
  const data = lower.slice(separator + 1);
  const badChar = [...data].find((char) => !BECH32_CHARSET.includes(char));
  if (badChar !== undefined) fail(`invalid bech32 character "${badChar}"`);
  if (data.length < 6) fail('the data part is shorter than its 6-character checksum');
  if (data.length === 6) fail('empty data section (no witness version or program)');
  const version = BECH32_CHARSET.indexOf(data[0]!);
  if (version > 16) fail(`invalid witness version ${version} (0–16 allowed)`);

  // BIP-350: witness v0 carries the bech32 checksum, v1+ the bech32m one.
  const decoded = bech32Decode(lower) ?? fail('bad checksum');
  if (decoded.encoding === 'bech32' && version !== 0) fail(`witness v${version} must use the bech32m checksum, not bech32 (BIP-350)`);
  if (decoded.encoding === 'bech32m' && version === 0) fail('witness v0 must use the bech32 checksum, not bech32m (BIP-350)');
  let program: Uint8Array;
  try {
    program = wordsToBytes(decoded.words.slice(1));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('Excess padding')) return fail('more than 4 bits of padding');
    if (message.includes('Non-zero padding')) return fail('non-zero padding');
    return fail(message);
  }
  if (program.length < 2 || program.length > 40) fail(`bad program length ${program.length} (2–40 bytes allowed)`);
  if (version === 0 && program.length !== 20 && program.length !== 32) fail(`bad program length ${program.length} for witness v0 (20 or 32 bytes)`);
  const type: BitcoinAddressType = version === 0 ? (program.length === 20 ? 'p2wpkh' : 'p2wsh') : version === 1 && program.length === 32 ? 'p2tr' : 'witness-unknown';
  return { type, network, script: witnessProgramScript(version, program) };
}

function parseBase58Address(address: string, expected: BitcoinAddressNetwork | undefined): ParsedBitcoinAddress {
  const badChar = [...address].find((char) => !BASE58_CHARSET.includes(char));
  if (badChar !== undefined) throw new InvalidBitcoinAddressError(`invalid base58 character "${badChar}"`);
  let payload: Uint8Array;
  try {
    payload = base58CheckDecode(address);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('Invalid checksum')) throw new InvalidBitcoinAddressError('bad base58check checksum');
    throw new InvalidBitcoinAddressError(message);
  }
  if (payload.length !== 21) throw new InvalidBitcoinAddressError('a base58 address holds a version byte and a 20-byte hash');
  const decoded = { version: payload[0]!, hash: payload.slice(1) };
  const test: BitcoinAddressNetwork = expected === 'regtest' ? 'regtest' : 'testnet';
  switch (decoded.version) {
    case 0x00:
      return { type: 'p2pkh', network: 'mainnet', script: p2pkhScript(decoded.hash) };
    case 0x05:
      return { type: 'p2sh', network: 'mainnet', script: p2shScript(decoded.hash) };
    case 0x6f:
      return { type: 'p2pkh', network: test, script: p2pkhScript(decoded.hash) };
    case 0xc4:
      return { type: 'p2sh', network: test, script: p2shScript(decoded.hash) };
    default:
      throw new InvalidBitcoinAddressError(`unknown base58 version byte 0x${decoded.version.toString(16).padStart(2, '0')}`);
  }
}
