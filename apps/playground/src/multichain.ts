import { createBip122Plugin, defineBitcoinRegtest } from '@portico/chain-bip122';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from '@portico/chain-bip122/testing';
import { createTestWallet } from '@portico/chain-eip155/testing';
import { createSolanaPlugin, defineSolanaLocalnet } from '@portico/chain-solana';
import {
  createSolanaTestWallet,
  createSolTransfer,
  SOLANA_LOCALNET_GENESIS_HASH,
  SOLANA_MULTICHAIN_WALLET_SEED,
  SOLANA_TEST_TOKENS,
  SOLANA_TEST_WALLET_SEED,
} from '@portico/chain-solana/testing';
import type { Network } from '@portico/kernel';
import type { Portico } from '@portico/react';

const params = new URLSearchParams(location.search);

/** The local Solana RPC (`?sol=` or what `npm start` passes) and the local Esplora API (`?btc=`). */
const solanaUrl = params.get('sol') ?? (import.meta.env.VITE_PORTICO_SOLANA as string | undefined);
const bitcoinUrl = params.get('btc') ?? (import.meta.env.VITE_PORTICO_BITCOIN as string | undefined);
const evmUrl = (params.get('evm') ?? (import.meta.env.VITE_PORTICO_EVM as string | undefined) ?? '').split(',').filter(Boolean)[0];

/** The local Solana and Bitcoin networks (empty when their servers are not running). */
export const multichainNetworks: Network[] = [
  // The local node's test token is named by the network's token list (the zero-decimal one is not listed anyway).
  ...(solanaUrl ? [{ ...defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, solanaUrl), tokens: [{ ...SOLANA_TEST_TOKENS.usd }] }] : []),
  ...(bitcoinUrl ? [defineBitcoinRegtest(bitcoinUrl)] : []),
];

/** With `?noui=1`, wallets without a confirmation screen of their own (the same keys): Portico's approval view asks the user. */
const SOLANA_NO_UI_NAME = 'Portico Solana Wallet (no UI)';
const BITCOIN_NO_UI_NAME = 'Portico Bitcoin Wallet (no UI)';
export const solanaPlugin = createSolanaPlugin({ approvalRequired: ['ws:portico-solana-wallet-(no-ui)'] });
export const bip122Plugin = createBip122Plugin({ approvalRequired: ['ws:portico-bitcoin-wallet-(no-ui)'] });

/** Anvil's second development key: the multi-chain wallet's EVM side (never holds real funds). */
const ANVIL_ACCOUNT_1_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const b64svg = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;
const MULTI_ICON = b64svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1971c2"/><path d="M7 23V9l9 9 9-9v14" stroke="#fff" stroke-width="3" fill="none"/></svg>');

/**
 * Registers the page's Wallet Standard test wallets, like browser extensions would: a Solana
 * wallet, a Bitcoin wallet (payment + ordinals), and a multi-chain wallet seen over EIP-6963
 * and the Wallet Standard whose two halves name each other (`linkedWallets`). `?hostile=1`
 * adds one with a hostile name and a `javascript:` icon.
 */
function registerTestWallets() {
  const solana = solanaUrl
    ? createSolanaTestWallet({ seed: SOLANA_TEST_WALLET_SEED, rpcUrls: { 'solana:localnet': solanaUrl }, storage: localStorage })
    : undefined;
  const bitcoin = bitcoinUrl ? createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest', storage: localStorage }) : undefined;
  let multichain: { evm: ReturnType<typeof createTestWallet>; solana: ReturnType<typeof createSolanaTestWallet> } | undefined;
  if (solanaUrl && evmUrl) {
    const name = 'Portico Multichain Wallet';
    const evm = createTestWallet({ privateKey: ANVIL_ACCOUNT_1_KEY, chains: { 31337: evmUrl }, chainId: 31337, storage: localStorage });
    // The evidence that both halves are one wallet: each names the other's object (a copy of
    // the name and icon is not evidence; a look-alike cannot make these objects name it).
    const solanaSide = createSolanaTestWallet({ seed: SOLANA_MULTICHAIN_WALLET_SEED, name, icon: MULTI_ICON, rpcUrls: { 'solana:localnet': solanaUrl }, storage: localStorage, linkedWallets: [evm.provider] });
    evm.link(solanaSide.wallet);
    evm.announce(window, { uuid: crypto.randomUUID(), name, icon: MULTI_ICON, rdns: 'dev.portico.multichain' });
    multichain = { evm, solana: solanaSide };
    void solanaSide.register();
  }
  void solana?.register();
  void bitcoin?.register();
  if (params.get('noui')) {
    if (solanaUrl) void createSolanaTestWallet({ seed: SOLANA_TEST_WALLET_SEED, name: SOLANA_NO_UI_NAME, rpcUrls: { 'solana:localnet': solanaUrl }, storage: localStorage }).register();
    if (bitcoinUrl) void createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest', name: BITCOIN_NO_UI_NAME, storage: localStorage }).register();
  }
  if (params.get('hostile') && solanaUrl) {
    const evil = createSolanaTestWallet({ seed: '44'.repeat(32), name: '<img src=x onerror="window.__pwned=1">Evil Solana', rpcUrls: {}, storage: localStorage });
    Object.assign(evil.wallet, { icon: 'javascript:window.__pwned=1' });
    void evil.register();
  }
  return { solana, bitcoin, multichain };
}

/** The page's Solana and Bitcoin test wallets. */
export const chainTestWallets = registerTestWallets();

/** Demo actions the host page (and the browser tests) run through Portico's providers. */
export const demo = {
  /** Builds a SOL transfer and has the connected wallet sign and send it; resolves with the signature. */
  async sendSol(portico: Portico, to: string, lamports: number): Promise<string> {
    const from = portico.kernel.connection.get('solana').address?.split(':')[2];
    if (!solanaUrl || !from) throw new Error('Connect a Solana wallet first');
    const transaction = await createSolTransfer({ rpcUrl: solanaUrl, from, to, lamports });
    const provider = portico.adapter('solana')?.getProvider?.() as { request(a: { method: string; params?: unknown }): Promise<{ signature: string }> };
    return (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })).signature;
  },
  /** Sends sats from the connected payment account (a PSBT the wallet signs, broadcast to Esplora); resolves with the txid. */
  async sendBtc(portico: Portico, recipientAddress: string, sats: number): Promise<string> {
    const provider = portico.adapter('bip122')?.getProvider?.() as { request(a: { method: string; params?: unknown }): Promise<{ txid: string }> } | undefined;
    if (!provider) throw new Error('Connect a Bitcoin wallet first');
    return (await provider.request({ method: 'sendTransfer', params: { recipientAddress, amount: String(sats) } })).txid;
  },
};

// Reachable from the browser tests, the way a wallet extension's own UI would be.
Object.assign(window, { porticoChainWallets: chainTestWallets, porticoDemo: demo });
