import { createEip155Plugin, eip155Networks } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_1, ANVIL_DEV_KEYS, createTestWallet } from '@portico/chain-eip155/testing';
import type { Network } from '@portico/kernel';

const params = new URLSearchParams(location.search);

/** Local anvil RPC URLs: `?evm=urlA,urlB`, or what `npm start` passes in VITE_PORTICO_EVM. */
const urls = (params.get('evm') ?? (import.meta.env.VITE_PORTICO_EVM as string | undefined) ?? '').split(',').filter(Boolean);

/**
 * A local node standing in for Ethereum mainnet (chain id 1) with ENS records in the Universal
 * Resolver: `?ens=url`, or VITE_PORTICO_ENS from `npm start`. The test wallets then start on it.
 */
const ensUrl = params.get('ens') ?? (import.meta.env.VITE_PORTICO_ENS as string | undefined) ?? '';

/** The local indexer over the first chain (`?indexer=url`, or VITE_PORTICO_INDEXER from `npm start`): its Etherscan-compatible API gives the Activity tab. */
const indexerUrl = params.get('indexer') ?? (import.meta.env.VITE_PORTICO_INDEXER as string | undefined) ?? '';
/**
 * Its API key (`?indexerKey=`, or VITE_PORTICO_INDEXER_KEY from `npm start`): with one, the indexer is
 * read as Etherscan API V2 (`/v2/api?apikey=…`, the client adds the chain), as a dapp holds its Etherscan key; without, at `/api`.
 */
const indexerKey = params.get('indexerKey') ?? (import.meta.env.VITE_PORTICO_INDEXER_KEY as string | undefined) ?? '';

/**
 * The first chain's test tokens (`?tokens={"usd":"0x…","ptk":"0x…"}`, or VITE_PORTICO_TOKENS from
 * `npm start`): tUSD and PTK are its token list (the Tokens tab reads them, the Swap view offers them).
 */
const testTokens = (() => {
  try {
    return JSON.parse(params.get('tokens') ?? (import.meta.env.VITE_PORTICO_TOKENS as string | undefined) ?? '{}') as { usd?: string; ptk?: string };
  } catch {
    return {};
  }
})();
/** An SVG image as a `data:` URL (what a token list's `logoURI` may be). */
const svg = (body: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;
/** The test tokens' marks, as a token list gives them: a dollar coin, and Portico's gate. */
const TUSD_ICON = svg('<circle cx="16" cy="16" r="16" fill="#2775ca"/><circle cx="16" cy="16" r="11.5" fill="none" stroke="#fff" stroke-width="1.5"/><path d="M19.6 12.6c-.5-1.3-1.8-2-3.6-2-2.1 0-3.5 1-3.5 2.6 0 3.6 7.3 2 7.3 5.6 0 1.7-1.5 2.7-3.8 2.7-2 0-3.4-.8-3.9-2.2M16 8.6v14.8" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/>');
const PTK_ICON = svg('<rect width="32" height="32" rx="16" fill="#5b3df5"/><path d="M10 23V13a6 6 0 0 1 12 0v10" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M14 23v-8a2 2 0 0 1 4 0v8" fill="none" stroke="#c9bcff" stroke-width="2"/>');
const tokenList = [
  ...(testTokens.usd ? [{ address: testTokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6, iconUrl: TUSD_ICON }] : []),
  ...(testTokens.ptk ? [{ address: testTokens.ptk, name: 'Portico Token', symbol: 'PTK', decimals: 18, iconUrl: PTK_ICON }] : []),
];

/** Which of anvil's dev accounts the test wallets hold (`?evmAccount=N`, 0 by default): a flow that moves balances gets its own. */
const accountIndex = Math.min(9, Math.max(0, Number(params.get('evmAccount') ?? 0) || 0));

/** The test wallets' ids (rdns): one confirms in its own "UI", one has none (like an embedded wallet). */
export const TEST_WALLET_ID = 'dev.portico.testwallet';
export const TEST_WALLET_NO_UI_ID = 'dev.portico.testwallet.noui';

const anvil = (chainId: number, name: string, url: string, indexer?: string, tokens?: Network['tokens']): Network => ({
  caipNetworkId: `eip155:${chainId}`,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [url] } },
  ...(indexer ? { blockExplorers: { default: { name: 'Local indexer', url: indexer, apiUrl: indexerKey ? `${indexer}/v2/api?apikey=${encodeURIComponent(indexerKey)}` : `${indexer}/api` } } } : {}),
  ...(tokens?.length ? { tokens } : {}),
  // Local chains of Ether: Ethereum's mark.
  imageUrl: eip155Networks.mainnet.imageUrl,
});

/** The local EVM networks (empty when no anvil is running). */
export const evmNetworks: Network[] = urls.length
  ? [anvil(31337, 'Anvil', urls[0]!, indexerUrl || undefined, tokenList), ...(urls[1] ? [anvil(31338, 'Anvil 2', urls[1])] : []), ...(ensUrl ? [anvil(1, 'Ethereum (local)', ensUrl)] : [])]
  : [];

/** The EVM chain plugin, told which test wallet has no confirmation UI of its own. */
export const evmPlugin = createEip155Plugin({ approvalRequired: [TEST_WALLET_NO_UI_ID] });

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0ca678"/><path d="M8 16h16M16 8v16" stroke="#fff" stroke-width="4"/></svg>')}`;

/**
 * Announces the test wallets (a real viem local account on anvil's first dev key, knowing
 * the first chain (and the local mainnet with `?ens`) but not "Anvil 2", so switching to it
 * takes the add-chain path). With
 * `?hostile=1` it also announces wallets with a hostile name and a `javascript:` icon.
 */
function announceTestWallets() {
  if (!urls.length) return undefined;
  const chains: Record<number, string> = ensUrl ? { 31337: urls[0]!, 1: ensUrl } : { 31337: urls[0]! };
  // `?nativePrice=3000`: the wallet reports its assets (EIP-7811) with Ether's price, as a wallet with a price feed does.
  const nativePrice = Number(params.get('nativePrice'));
  const priced = nativePrice > 0 ? { assets: [], nativePrice } : {};
  const make = () => createTestWallet({ privateKey: ANVIL_DEV_KEYS[accountIndex]!, chains, chainId: ensUrl ? 1 : 31337, storage: localStorage, ...priced });
  const wallet = make();
  // The wallet without a UI also sends EIP-5792 batches (one call after the other): Portico's approval view reads them call by call.
  const noUi = createTestWallet({ privateKey: ANVIL_DEV_KEYS[accountIndex]!, chains, chainId: ensUrl ? 1 : 31337, storage: localStorage, calls: true });
  wallet.announce(window, { uuid: crypto.randomUUID(), name: 'Portico Test Wallet', icon: ICON, rdns: TEST_WALLET_ID });
  noUi.announce(window, { uuid: crypto.randomUUID(), name: 'Portico Test Wallet (no UI)', icon: ICON, rdns: TEST_WALLET_NO_UI_ID });
  // `?slowWallet=1`: a wallet on another account that holds its prompts until
  // `porticoTestWallets.slow.release()`, like a wallet the user never answers (or answers late).
  let slow: ReturnType<typeof make> | undefined;
  if (params.get('slowWallet')) {
    slow = createTestWallet({ privateKey: ANVIL_ACCOUNT_1.privateKey, chains, chainId: ensUrl ? 1 : 31337, storage: localStorage, mode: { hold: true } });
    slow.announce(window, { uuid: crypto.randomUUID(), name: 'Portico Slow Wallet', icon: ICON, rdns: 'dev.portico.testwallet.slow' });
  }
  if (params.get('hostile')) {
    const evil = make();
    evil.announce(window, { uuid: crypto.randomUUID(), name: '<img src=x onerror="window.__pwned=1">Evil Wallet', icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=1</script></svg>')}`, rdns: 'dev.portico.evil' });
    evil.announce(window, { uuid: crypto.randomUUID(), name: 'Script Icon Wallet', icon: 'javascript:window.__pwned=1', rdns: 'dev.portico.scripticon' });
  }
  return { wallet, noUi, slow };
}

/** The page's test wallets: announced once at start-up, like browser extensions. */
export const testWallets = announceTestWallets();
// Reachable from the browser tests, the way a wallet extension's own UI would be.
(window as { porticoTestWallets?: typeof testWallets }).porticoTestWallets = testWallets;
