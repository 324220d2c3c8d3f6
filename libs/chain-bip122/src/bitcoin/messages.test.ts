import { payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { bip322MessageHash, buildBip322Transactions } from './bip322';
import { base64, hex } from '@scure/base';
import { ensureBitcoinEcc } from './ecc';
import { ECPair, signBip322Simple, signLegacyMessage } from '../testing/signers';
import { legacyMessageHash } from './legacyMessage';
import { verifyBitcoinMessage } from './messages';
import { bitcoinNetworkOf, networkParamsOf } from './bitcoinjsNetworks';
import { BIP122_NETWORK_IDS } from './networks';
import { parseBitcoinAddress } from './addresses';

// bitcoin/bips bip-0322/basic-test-vectors.json (and the same values in STANDARDS.md §8).
const WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const EMPTY_SIGS = [
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
];
const HELLO_SIGS = [
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
];
const P2WSH_ADDRESS = 'bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9';
const TAPROOT_WIF = 'KyrSGCFPhqZMjCe5fNTYddiLMp4tMj4gLKuJ26TsB2rvr1VJGPbt';
const TAPROOT_ADDRESS = 'bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler';
const TAPROOT_SIG = 'AUCJYOwOjxYAvatTAGYaVlNXBVyFuc4MwNQkOuK2tl8xhfKDONd0NjfYyNSYcRqeCp8hsAnCEPHAVEkO9h6vbQ/R';

const { mainnet, testnet, regtest } = BIP122_NETWORK_IDS;
const privateKeyOf = (wif: string) => ECPair.fromWIF(wif).privateKey!;

describe('BIP-322 message hash and virtual transactions', () => {
  const vectors = [
    ['', 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1', 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7', '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6'],
    ['Hello World', 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a', 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b', '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf'],
    ['UTF-8 support: öäüéàè 测试文本 \uD83D\uDE04', '43936b237ea38c7794eb5d755e0d220b6db92ebfc5c8f482759d22b1286376d7', 'c8f4f525fe8afb1bc09b44175bd2096f079c98425e8a1be676b712add1fb62f0', '8f488e06b89eafd019ec528109eafaf7f1d1811fd617aa1eeb9658f1c1be6586'],
  ] as const;
  it.each(vectors)('message %j', (message, hash, toSpendId, toSignId) => {
    expect(hex.encode(bip322MessageHash(message))).toBe(hash);
    expect(hex.encode(bip322MessageHash(new TextEncoder().encode(message)))).toBe(hash);
    const { toSpend, toSign } = buildBip322Transactions(message, parseBitcoinAddress(ADDRESS).script);
    expect(toSpend.getId()).toBe(toSpendId);
    expect(toSign.getId()).toBe(toSignId);
  });
});

describe('verifyBitcoinMessage: BIP-322 vectors', () => {
  it('verifies both signature forms, with and without the smp prefix', () => {
    for (const signature of EMPTY_SIGS) {
      expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature })).toBe(true);
      expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature: `smp${signature}`, caipNetworkId: mainnet })).toBe(true);
    }
    for (const signature of HELLO_SIGS) expect(verifyBitcoinMessage({ address: ADDRESS, message: 'Hello World', signature })).toBe(true);
  });

  it('verifies the Taproot vector (SIGHASH_DEFAULT, no prefix)', () => {
    expect(verifyBitcoinMessage({ address: TAPROOT_ADDRESS, message: 'No prefix fallback', signature: TAPROOT_SIG })).toBe(true);
    expect(verifyBitcoinMessage({ address: TAPROOT_ADDRESS, message: 'No prefix fallbacK', signature: TAPROOT_SIG })).toBe(false);
  });

  it('rejects a wrong message, a wrong address and a wrong network', () => {
    expect(verifyBitcoinMessage({ address: ADDRESS, message: 'Hello World', signature: EMPTY_SIGS[0]! })).toBe(false);
    expect(verifyBitcoinMessage({ address: ADDRESS, message: 'Wrong message that was not signed', signature: `smp${EMPTY_SIGS[0]}` })).toBe(false);
    expect(verifyBitcoinMessage({ address: P2WSH_ADDRESS, message: '', signature: `smp${EMPTY_SIGS[0]}` })).toBe(false);
    expect(verifyBitcoinMessage({ address: TAPROOT_ADDRESS, message: '', signature: EMPTY_SIGS[0]! })).toBe(false);
    expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature: EMPTY_SIGS[0]!, caipNetworkId: testnet })).toBe(false);
  });

  it('returns false, never throws, for the error vectors and other malformed input', () => {
    const bad = ['not-valid-base64!!!', '', 'smpAA==', 'fooAA==', 'smp', 'AA', '====', 'AkcwRAIg', `${EMPTY_SIGS[0]}AAAA`];
    for (const signature of bad) expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature })).toBe(false);
    expect(verifyBitcoinMessage({ address: 'bc1pyrgrm6cu6n54jrvkdjd9rvyd3xfyu84s2623awu2srn6mxhscwpsm5644w', message: 'incorrect prefix', signature: 'fulAUDZwFXUp+adN+/UZj5dVrGAbB3zKs1Vcalz5fCF9srxS63eSWNGvH1NYbrBkPt1BJDUyWUz9zgUxfc63/QheT6M' })).toBe(false);
    expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature: `pof${EMPTY_SIGS[0]}` })).toBe(false);
    expect(verifyBitcoinMessage({ address: 'not an address', message: '', signature: EMPTY_SIGS[0]! })).toBe(false);
    expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature: EMPTY_SIGS[0]!, caipNetworkId: 'eip155:1' })).toBe(false);
    expect(verifyBitcoinMessage({ address: ADDRESS, message: '', signature: undefined as unknown as string })).toBe(false);
  });

  it('does not verify P2WSH signatures (only P2WPKH and key-path P2TR are supported)', () => {
    const multisig = 'BQBHMEQCIFX9aaqPJWq2Ff2kpen5bFDTid+ehgUOpHV0LfjncXy4AiA3GNicF7aKPzdpa9PCpmaYQs3pHd+qbvvhXdxOCKCAMAFIMEUCIQD/ELXg6CNYyUQijCg96JtgvgjZb9dsl1Ctof4QAeyTcQIgVM/1AAblFl/DCt6A1gJg+T/i2qU5SQD09+chFJzolRwBSDBFAiEAlqRfSFyWNVQhvaCnmeV5tyneiCWMTcFbuujoD/pFa3wCIGnZjfQb8NolSYq9asV+ZeBSkCGHJcqnaV4JYS5MYPEGAWlTIQJ1aLEfEi/4p7wcV+XHZCBVvGGJZ7L3v+jhH+mZA8lN0yECCovfec+kIdllXpKCgA8RX/HZ2x5yHOtCSKP8/sf6pnwhAwxSng6kCgCXXSAmJOOZFdr3vdK3HzGqCFloOHgc5fM6U64=';
    expect(verifyBitcoinMessage({ address: P2WSH_ADDRESS, message: 'This will be a p2wsh 3-of-3 multisig BIP 322 signed message', signature: multisig })).toBe(false);
  });
});

describe('signBip322Simple', () => {
  it('reproduces the BIP-322 low-R P2WPKH signatures exactly', () => {
    expect(signBip322Simple({ message: '', privateKey: privateKeyOf(WIF), address: ADDRESS })).toBe(EMPTY_SIGS[0]);
    expect(signBip322Simple({ message: 'Hello World', privateKey: privateKeyOf(WIF), address: ADDRESS })).toBe(HELLO_SIGS[0]);
  });

  it('derives the Taproot vector address with the BIP-86 tweak and signs for it', () => {
    ensureBitcoinEcc();
    const key = ECPair.fromWIF(TAPROOT_WIF);
    expect(payments.p2tr({ internalPubkey: key.publicKey.subarray(1, 33) }).address).toBe(TAPROOT_ADDRESS);
    const signature = signBip322Simple({ message: 'No prefix fallback', privateKey: key.privateKey!, address: TAPROOT_ADDRESS });
    expect(base64.decode(signature)).toHaveLength(66);
    expect(verifyBitcoinMessage({ address: TAPROOT_ADDRESS, message: 'No prefix fallback', signature })).toBe(true);
  });

  it.each([
    ['regtest', regtest],
    ['mainnet', mainnet],
  ] as const)('round-trips P2WPKH and P2TR on %s, and a tampered signature fails', (network, caipNetworkId) => {
    ensureBitcoinEcc();
    const params = networkParamsOf(network);
    for (let i = 0; i < 4; i++) {
      const key = ECPair.makeRandom();
      const addresses = [payments.p2wpkh({ pubkey: key.publicKey, network: params }).address!, payments.p2tr({ internalPubkey: key.publicKey.subarray(1, 33), network: params }).address!];
      for (const address of addresses) {
        const message = `Sign in to example.com, nonce ${i}`;
        const signature = signBip322Simple({ message, privateKey: key.privateKey!, address });
        expect(verifyBitcoinMessage({ address, message, signature, caipNetworkId })).toBe(true);
        expect(verifyBitcoinMessage({ address, message: new TextEncoder().encode(message), signature: `smp${signature}` })).toBe(true);
        expect(verifyBitcoinMessage({ address, message: `${message}.`, signature, caipNetworkId })).toBe(false);
        const tampered = base64.decode(signature);
        tampered[10]! ^= 0x01;
        expect(verifyBitcoinMessage({ address, message, signature: base64.encode(tampered), caipNetworkId })).toBe(false);
      }
    }
  });

  it('refuses addresses the key does not control and unsupported address types', () => {
    const other = ECPair.makeRandom();
    expect(() => signBip322Simple({ message: '', privateKey: other.privateKey!, address: ADDRESS })).toThrow(/does not control/);
    expect(() => signBip322Simple({ message: '', privateKey: privateKeyOf(WIF), address: '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH' })).toThrow(/not p2pkh/);
  });
});

describe('legacy signed messages (Bitcoin Core signmessage, BIP-137)', () => {
  // bitcoin/bitcoin test/functional/rpc_signmessagewithprivkey.py
  const coreKey = ECPair.fromWIF('cUeKHd5orzT3mz8P9pxyREHfsWtVfgsfDjiZZBcjUBAaGk1BTj7N', bitcoinNetworkOf(testnet));
  const coreMessage = 'This is just a test message';
  const coreSignature = 'INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0=';

  it('reproduces and verifies Bitcoin Core’s signmessagewithprivkey vector', () => {
    expect(signLegacyMessage({ message: coreMessage, privateKey: coreKey.privateKey!, compressed: true })).toBe(coreSignature);
    expect(verifyBitcoinMessage({ address: 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', message: coreMessage, signature: coreSignature, caipNetworkId: testnet })).toBe(true);
    expect(verifyBitcoinMessage({ address: 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', message: coreMessage, signature: coreSignature, caipNetworkId: regtest })).toBe(true);
  });

  it('rejects the P2PKH-header vector for the same key’s segwit addresses, as Core does', () => {
    const network = bitcoinNetworkOf(testnet);
    const p2wpkh = payments.p2wpkh({ pubkey: coreKey.publicKey, network });
    const p2sh = payments.p2sh({ redeem: p2wpkh, network });
    expect(verifyBitcoinMessage({ address: p2wpkh.address!, message: coreMessage, signature: coreSignature })).toBe(false);
    expect(verifyBitcoinMessage({ address: p2sh.address!, message: coreMessage, signature: coreSignature })).toBe(false);
  });

  it('hashes with the "Bitcoin Signed Message" prefix', () => {
    expect(legacyMessageHash(coreMessage)).toHaveLength(32);
    expect(hex.encode(legacyMessageHash(coreMessage))).not.toBe(hex.encode(legacyMessageHash(`${coreMessage}.`)));
  });

  it('round-trips compressed and uncompressed P2PKH on mainnet, and tampering fails', () => {
    for (const compressed of [true, false]) {
      const key = ECPair.makeRandom({ compressed });
      const address = payments.p2pkh({ pubkey: key.publicKey }).address!;
      const signature = signLegacyMessage({ message: 'hello', privateKey: key.privateKey!, compressed });
      const header = base64.decode(signature)[0]!;
      expect(compressed ? header >= 31 && header <= 34 : header >= 27 && header <= 30).toBe(true);
      expect(verifyBitcoinMessage({ address, message: 'hello', signature, caipNetworkId: mainnet })).toBe(true);
      expect(verifyBitcoinMessage({ address, message: 'hellO', signature })).toBe(false);
      const tampered = base64.decode(signature);
      tampered[40]! ^= 0x80;
      expect(verifyBitcoinMessage({ address, message: 'hello', signature: base64.encode(tampered) })).toBe(false);
      // The other compression flag recovers a key with a different address.
      const flipped = base64.decode(signature);
      flipped[0] = compressed ? flipped[0]! - 4 : flipped[0]! + 4;
      expect(verifyBitcoinMessage({ address, message: 'hello', signature: base64.encode(flipped) })).toBe(false);
    }
  });

  it('verifies BIP-137 segwit headers only for the matching address type', () => {
    const key = ECPair.makeRandom();
    const p2wpkh = payments.p2wpkh({ pubkey: key.publicKey });
    const p2sh = payments.p2sh({ redeem: p2wpkh });
    const forP2wpkh = signLegacyMessage({ message: 'm', privateKey: key.privateKey!, addressType: 'p2wpkh' });
    const forP2sh = signLegacyMessage({ message: 'm', privateKey: key.privateKey!, addressType: 'p2sh-p2wpkh' });
    expect(base64.decode(forP2wpkh)[0]).toBeGreaterThanOrEqual(39);
    expect(verifyBitcoinMessage({ address: p2wpkh.address!, message: 'm', signature: forP2wpkh })).toBe(true);
    expect(verifyBitcoinMessage({ address: p2sh.address!, message: 'm', signature: forP2sh })).toBe(true);
    expect(verifyBitcoinMessage({ address: p2sh.address!, message: 'm', signature: forP2wpkh })).toBe(false);
    expect(verifyBitcoinMessage({ address: p2wpkh.address!, message: 'm', signature: forP2sh })).toBe(false);
    expect(verifyBitcoinMessage({ address: payments.p2pkh({ pubkey: key.publicKey }).address!, message: 'm', signature: forP2wpkh })).toBe(false);
    expect(() => signLegacyMessage({ message: 'm', privateKey: key.privateKey!, compressed: false, addressType: 'p2wpkh' })).toThrow(/compressed key/);
  });

  it('does not accept a legacy signature for a Taproot address', () => {
    ensureBitcoinEcc();
    const key = ECPair.makeRandom();
    const address = payments.p2tr({ internalPubkey: key.publicKey.subarray(1, 33) }).address!;
    const signature = signLegacyMessage({ message: 'm', privateKey: key.privateKey!, addressType: 'p2wpkh' });
    expect(verifyBitcoinMessage({ address, message: 'm', signature })).toBe(false);
  });
});
