import { BIP122_NETWORK_IDS } from '@portico/chain-bip122';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from '@portico/chain-bip122/testing';
import { createBip122SignInMessage, createBip122Verifier } from '@portico/chain-bip122/siwx';
import { createSolanaSignInMessage, createSolanaVerifier } from '@portico/chain-solana/siwx';
import { createSolanaTestWallet, SOLANA_TEST_WALLET_SEED } from '@portico/chain-solana/testing';
import { createSiwxServerClient, type SiwxMessageFields } from '@portico/plugin-siwx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiwxServer, type SiwxServerHandle } from './createSiwxServer';

let handle: SiwxServerHandle;
beforeAll(async () => {
  const domain = { domain: 'app.example.com' };
  handle = await createSiwxServer({ ...domain, verifiers: [createSolanaVerifier(domain), createBip122Verifier(domain)] }).listen(0);
});
afterAll(async () => handle?.close());

const fields = (chainId: string, accountAddress: string, nonce: string): SiwxMessageFields => ({
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  version: '1',
  nonce,
  issuedAt: new Date().toISOString(),
  expirationTime: new Date(Date.now() + 60_000).toISOString(),
  chainId,
  accountAddress,
});

describe('siwx-server with Solana and Bitcoin sign-ins (real wallets, real signatures)', () => {
  it('verifies a Solana (ed25519) sign-in once and keeps its session', async () => {
    const wallet = createSolanaTestWallet({ seed: SOLANA_TEST_WALLET_SEED });
    const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
    const client = createSiwxServerClient(handle.url);
    const data = fields(chainId, wallet.address, await client.getNonce({ chainId, accountAddress: wallet.address }));
    const message = createSolanaSignInMessage(data);
    const [account] = (await wallet.wallet.features['standard:connect'].connect()).accounts;
    const [signed] = await wallet.wallet.features['solana:signMessage'].signMessage({ account: account!, message: new TextEncoder().encode(message) });
    const { base58 } = await import('@scure/base');
    const session = { data, message, signature: base58.encode(signed!.signature) };
    expect(await client.verify(session)).toBe(true);
    expect(await client.verify(session)).toBe(false);
    expect(await client.getSessions(chainId, wallet.address)).toEqual([session]);
  });

  it('verifies a Bitcoin (BIP-322) sign-in and refuses it for another address', async () => {
    const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
    const chainId = BIP122_NETWORK_IDS.regtest;
    const client = createSiwxServerClient(handle.url);
    const sign = async (address: string) => {
      const data = fields(chainId, address, await client.getNonce({ chainId, accountAddress: address }));
      const message = createBip122SignInMessage(data);
      await wallet.wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] });
      const [signed] = await wallet.wallet.features['bitcoin:signMessage'].signMessage({ account: wallet.wallet.accounts[0]!, message: new TextEncoder().encode(message) });
      return { data, message, signature: Buffer.from(signed!.signature).toString('base64') };
    };
    expect(await client.verify(await sign(wallet.paymentAddress))).toBe(true);
    // Signed by the payment key but claiming the ordinals address: refused.
    expect(await client.verify(await sign(wallet.ordinalsAddress))).toBe(false);
  });
});
