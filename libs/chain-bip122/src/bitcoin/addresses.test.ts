import { payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { bitcoinAddressFromScript, InvalidBitcoinAddressError, isBitcoinAddress, parseBitcoinAddress } from './addresses';
import { hex } from '@scure/base';
import { ECPair } from '../testing/signers';
import { bitcoinNetworkOf, networkParamsOf } from './bitcoinjsNetworks';
import { BIP122_NETWORK_IDS } from './networks';

const { mainnet, testnet, signet, regtest } = BIP122_NETWORK_IDS;

function reasonOf(address: string, caipNetworkId?: string): string {
  try {
    parseBitcoinAddress(address, caipNetworkId);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidBitcoinAddressError);
    return (error as InvalidBitcoinAddressError).message;
  }
  throw new Error(`${address} was accepted`);
}

describe('parseBitcoinAddress: BIP-350 valid segwit addresses', () => {
  // bitcoin/bips bip-0350.mediawiki, "Test vectors for v0-v16 native segregated witness addresses".
  const valid: [string, string, string, string][] = [
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6', 'p2wpkh', 'mainnet'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262', 'p2wsh', 'testnet'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6', 'witness-unknown', 'mainnet'],
    ['BC1SW50QGDZ25J', '6002751e', 'witness-unknown', 'mainnet'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323', 'witness-unknown', 'mainnet'],
    ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433', 'p2wsh', 'testnet'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433', 'p2tr', 'testnet'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'p2tr', 'mainnet'],
  ];
  it.each(valid)('%s → %s', (address, script, type, network) => {
    const parsed = parseBitcoinAddress(address);
    expect(hex.encode(parsed.script)).toBe(script);
    expect(parsed.type).toBe(type);
    expect(parsed.network).toBe(network);
    expect(bitcoinAddressFromScript(parsed.script, parsed.network)).toBe(address.toLowerCase());
  });
});

describe('parseBitcoinAddress: invalid segwit addresses', () => {
  // bip-0350.mediawiki's invalid list, then bip-0173.mediawiki's (its v1+ examples are bech32, now invalid).
  const invalid: [string, RegExp][] = [
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', /unknown human-readable part "tc"/],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', /witness v1 must use the bech32m checksum/],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', /witness v2 must use the bech32m checksum/],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', /witness v16 must use the bech32m checksum/],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', /witness v0 must use the bech32 checksum, not bech32m/],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', /witness v0 must use the bech32 checksum, not bech32m/],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', /invalid bech32 character "o"/],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', /invalid witness version 17/],
    ['bc1pw5dgrnzv', /bad program length 1 /],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', /bad program length 41 /],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', /bad program length 16 for witness v0/],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', /must not mix upper and lower case/],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', /more than 4 bits of padding/],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', /non-zero padding/],
    ['bc1gmk9yu', /empty data section/],
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', /unknown human-readable part "tc"/],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', /bad checksum/],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', /invalid witness version 17/],
    // BIP-173's v1+ vectors carry bech32 checksums, which BIP-350 rejects before their other faults.
    ['bc1rw5uspcuh', /witness v3 must use the bech32m checksum/],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', /witness v15 must use the bech32m checksum/],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', /must not mix upper and lower case/],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', /witness v2 must use the bech32m checksum/],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', /non-zero padding/],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', /witness v1 must use the bech32m checksum/],
    ['BC1SW50QA3JX3S', /witness v16 must use the bech32m checksum/],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', /witness v2 must use the bech32m checksum/],
  ];
  it.each(invalid)('%s is rejected: %s', (address, reason) => {
    expect(reasonOf(address)).toMatch(reason);
    expect(isBitcoinAddress(address)).toBe(false);
  });

  it('rejects over-long, empty and non-address strings with a reason', () => {
    expect(reasonOf(`bc1q${'q'.repeat(90)}`)).toMatch(/at most 90 characters/);
    expect(reasonOf('')).toMatch(/empty/);
    expect(reasonOf('hello world')).toMatch(/invalid base58 character "l"/);
    expect(reasonOf('0x52908400098527886E0F7030069857D2E4169EE7')).toMatch(/invalid base58 character "0"/);
    expect(reasonOf('constructor1qqqqqqqqqq')).toMatch(/unknown human-readable part "constructor"/);
  });
});

describe('parseBitcoinAddress: base58check', () => {
  const key = ECPair.fromPrivateKey(hex.decode('0000000000000000000000000000000000000000000000000000000000000001'));

  it('decodes P2PKH and P2SH made from a known key on mainnet and testnet', () => {
    for (const [network, caip] of [['mainnet', mainnet], ['testnet', testnet]] as const) {
      const params = networkParamsOf(network);
      const p2pkh = payments.p2pkh({ pubkey: key.publicKey, network: params });
      const p2sh = payments.p2sh({ redeem: payments.p2wpkh({ pubkey: key.publicKey, network: params }), network: params });
      expect(parseBitcoinAddress(p2pkh.address!, caip)).toEqual({ type: 'p2pkh', network, script: p2pkh.output });
      expect(parseBitcoinAddress(p2sh.address!, caip)).toEqual({ type: 'p2sh', network, script: p2sh.output });
      expect(bitcoinAddressFromScript(p2pkh.output!, network)).toBe(p2pkh.address);
      expect(bitcoinAddressFromScript(p2sh.output!, network)).toBe(p2sh.address);
    }
  });

  it('matches the well-known addresses of private key 1 and of Bitcoin Core’s signmessage test key', () => {
    expect(payments.p2pkh({ pubkey: key.publicKey }).address).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH');
    expect(hex.encode(parseBitcoinAddress('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH').script)).toBe('76a914751e76e8199196d454941c45d1b3a323f1433bd688ac');
    // bitcoin/bitcoin test/functional/rpc_signmessagewithprivkey.py: this WIF's P2PKH address.
    const core = ECPair.fromWIF('cUeKHd5orzT3mz8P9pxyREHfsWtVfgsfDjiZZBcjUBAaGk1BTj7N', bitcoinNetworkOf(testnet));
    expect(payments.p2pkh({ pubkey: core.publicKey, network: bitcoinNetworkOf(testnet) }).address).toBe('mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB');
    expect(parseBitcoinAddress('mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB')).toMatchObject({ type: 'p2pkh', network: 'testnet' });
  });

  it('names a bad checksum, a bad length and an unknown version byte', () => {
    expect(reasonOf('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ')).toMatch(/bad base58check checksum/);
    expect(reasonOf('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAM')).toMatch(/bad base58check checksum/);
    // Valid base58check payloads that are not addresses: a WIF key (wrong length), and a Litecoin-style version byte.
    expect(reasonOf('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')).toMatch(/version byte and a 20-byte hash/);
    const litecoin = payments.p2pkh({ pubkey: key.publicKey, network: { ...networkParamsOf('mainnet'), pubKeyHash: 0x30 } }).address!;
    expect(reasonOf(litecoin)).toMatch(/unknown base58 version byte 0x30/);
  });
});

describe('parseBitcoinAddress: networks', () => {
  it('accepts an address only on its own network, testnet addresses also on signet', () => {
    const tb = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
    expect(parseBitcoinAddress(tb, testnet).network).toBe('testnet');
    expect(parseBitcoinAddress(tb, signet).network).toBe('testnet');
    expect(reasonOf(tb, mainnet)).toMatch(/is a testnet address, not a mainnet one \(wrong network\)/);
    expect(reasonOf(tb, regtest)).toMatch(/wrong network/);
    expect(reasonOf('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', signet)).toMatch(/not a signet one/);
    expect(reasonOf('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', testnet)).toMatch(/wrong network/);
    expect(isBitcoinAddress('mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', mainnet)).toBe(false);
  });

  it('treats base58 test addresses as regtest on regtest and bcrt as regtest only', () => {
    expect(parseBitcoinAddress('mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', regtest).network).toBe('regtest');
    const bcrt = payments.p2wpkh({ hash: hex.decode('751e76e8199196d454941c45d1b3a323f1433bd6'), network: networkParamsOf('regtest') }).address!;
    expect(bcrt.startsWith('bcrt1q')).toBe(true);
    expect(parseBitcoinAddress(bcrt, regtest)).toMatchObject({ type: 'p2wpkh', network: 'regtest' });
    expect(isBitcoinAddress(bcrt, testnet)).toBe(false);
  });

  it('throws for an unknown CAIP-2 network, and isBitcoinAddress says false', () => {
    expect(() => parseBitcoinAddress('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', 'eip155:1')).toThrow(/Unknown Bitcoin network eip155:1/);
    expect(isBitcoinAddress('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', 'bip122:ffff')).toBe(false);
  });
});
