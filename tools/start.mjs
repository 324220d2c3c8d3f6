#!/usr/bin/env node
// `npm start`: installs what is missing, then serves the playground on 127.0.0.1 with
// the local services its plugins need (three anvil EVM chains, one a local mainnet with ENS, the first with test tokens,
// Uniswap V2, an indexer, a swap aggregator and the onramp providers' stand-in with the site's onramp server; the Solana node, the Esplora API, the sign-in
// verifier server; the embedded wallet: the SMTP catcher, the auth service on PGlite and the wallet frame), until
// Ctrl-C; every child is stopped by PID.
import { ensureInstalled, startChild, stopAll, waitForHttp } from './workspace.mjs';
import { createServiceGroup, freePort, solanaNetworkId, startEmbeddedWallet, startEsplora, startIndexer, onrampKeys, startOnrampServer, startOnrampService, startRelay, startSiwxServer, startSolanaNode, startSwapAggregator, startSwapProxy, startWalletRegistry } from './services.mjs';

ensureInstalled();
// The service launchers are TypeScript shared with the tests; tsx loads them.
const { register } = await import('tsx/esm/api');
register();
const { deploySimple7702Account, deployTestTokens, deployUniswapV2, startAnvil, startLocalMainnet } = await import('@portico/chain-eip155/testing/node');
const port = Number(process.env.PORT ?? 5173);
// A failure part-way stops the services already running.
const services = createServiceGroup();
// Two chains, and a local "mainnet" (chain id 1) whose ENS gives the test wallet a name and an avatar.
const [chainA, chainB, mainnet] = await services.start(startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 }), startLocalMainnet());
const chains = [chainA, chainB];
// Test tokens on the first chain (ERC-20s of 6, 18 and 0 decimals, an NFT collection, an ERC-1155), held by the test wallet.
// And Uniswap V2 from its published artifacts, with pools of tUSD, PTK and ETH.
// And the EIP-7702 account implementation the embedded wallet's smart account delegates to, on both chains.
const [tokens, uniswap, smartAccounts] = await deployTestTokens(chainA.url)
  .then(async (deployed) => [deployed, await deployUniswapV2(chainA.url, deployed), Object.fromEntries(await Promise.all(chains.map(async (c) => [`eip155:${c.chainId}`, await deploySimple7702Account(c.url)])))])
  .catch(async (error) => {
    await services.stop();
    throw error;
  });
const AGGREGATOR_KEY = 'portico-local-aggregator-key';
// The site's onramp keys (its CDP key and Meld keys), registered at the providers' stand-in.
const ONRAMP_KEYS = onrampKeys();
const INDEXER_KEY = 'portico-local-indexer-key';
const origin = `http://127.0.0.1:${port}`;
const framePort = await freePort();
const [siwx, solana, bitcoin, relay, registry, indexer, aggregator, onramp] = await services.start(
  startSiwxServer({ allowedOrigins: [origin], domain: `127.0.0.1:${port}`, rpcUrls: Object.fromEntries([...chains, mainnet].map((c) => [c.chainId, c.url])) }),
  // The wallet frame (its own origin) sends the e-mail wallet's Solana transactions too.
  startSolanaNode({ allowedOrigins: [origin, `http://127.0.0.1:${framePort}`] }),
  startEsplora({ allowedOrigins: [origin] }),
  // As WalletConnect's relay: the playground's project only (any other project id: socket closed with 3000).
  startRelay({ projectIds: ['playground-project'] }),
  // As the hosted explorer API: the playground's project, from the playground's origin only (anything else: 403).
  startWalletRegistry({ projectIds: ['playground-project'], allowedOrigins: [origin] }),
  // As Etherscan API V2: /v2/api with a key and the chain, 3 calls a second per key (the free plan). The page holds the key, as dapps hold theirs.
  startIndexer({ rpcUrl: chainA.url, wsUrl: chainA.url.replace(/^http/, 'ws'), allowedOrigins: [origin], strict: true, apiKeys: [INDEXER_KEY] }),
  // As the real 1inch API: no CORS, a 1-request-per-second key. The page reaches it through the swap proxy below.
  startSwapAggregator({ rpcUrl: chainA.url, router: uniswap.router, weth: uniswap.weth, apiKey: AGGREGATOR_KEY, strict: true, rps: 1 }),
  // As Coinbase Onramp's and Meld's APIs (no CORS, CDP JWTs, single-use session tokens for the client IP). The page reaches them through the onramp server below.
  startOnrampService({ rpcUrl: chainA.url, keys: ONRAMP_KEYS }),
);
// The site's swap proxy: the key stays here, requests go one at a time a little under the key's rate.
const [swapProxy, onrampServer] = await services.start(
  startSwapProxy({ upstream: aggregator.url, apiKey: AGGREGATOR_KEY, allowedOrigins: [origin], rps: 0.9 }),
  // The site's onramp server: both providers' quotes in Portico's shape, Coinbase session tokens made with the CDP key.
  startOnrampServer({ providersUrl: onramp.url, keys: ONRAMP_KEYS, allowedOrigins: [origin] }),
);
// The embedded wallet for the playground's project: its accounts live in apps/auth-service/.data (PGlite).
// The frame signs and sends on both chains (the smart account on each) and on the Solana node.
const wallet = await solanaNetworkId(solana.url)
  .then((solanaId) => startEmbeddedWallet({ projects: { 'playground-project': [origin] }, rpcUrls: { [`eip155:${chainA.chainId}`]: chainA.url, [`eip155:${chainB.chainId}`]: chainB.url, [solanaId]: solana.url }, smartAccounts, framePort, social: true, farcasterRpcUrl: chainA.url }))
  .catch(async (error) => {
    await services.stop();
    throw error;
  });
console.log(`  e-mail login: wallet frame ${wallet.frame.url}, auth service ${wallet.auth.url} (PGlite), mail catcher ${wallet.mail.url}/messages (read the codes there)`);
console.log(`  social login: stand-ins for Google, X, Discord, GitHub, Apple and Facebook at ${wallet.oidc.url}/google, /x, /discord, /github, /apple, /facebook (any e-mail address and password signs in)`);
console.log(`  anvil: ${[...chains, mainnet].map((s) => `${s.url} (chain ${s.chainId})`).join(', ')} (chain 1 has ENS); sign-in server: ${siwx.url}`);
console.log(`  Solana (LiteSVM): ${solana.url}; Bitcoin Esplora (regtest): ${bitcoin.url}`);
console.log(`  WalletConnect relay: ${relay.url}; wallet registry: ${registry.url}`);
console.log(`  Uniswap V2 (chain ${chainA.chainId}): router ${uniswap.router}; swap aggregator (1inch API v6.0, strict: no CORS, 1 request/s) ${aggregator.url} behind the swap proxy ${swapProxy.url}; onramp server ${onrampServer.url} in front of the Coinbase and Meld stand-in ${onramp.url}`);
console.log(`  indexer (Etherscan API V2, strict: key ${INDEXER_KEY}, 3 calls/s, over chain ${chainA.chainId}): ${indexer.url}/v2/api; test tokens: ${Object.entries(tokens).map(([k, v]) => `${k} ${v}`).join(', ')}`);

const playground = startChild('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
  cwd: new URL('../apps/playground/', import.meta.url).pathname,
  env: { VITE_PORTICO_EVM: chains.map((s) => s.url).join(','), VITE_PORTICO_ENS: mainnet.url, VITE_PORTICO_SIWX_SERVER: siwx.url, VITE_PORTICO_SOLANA: solana.url, VITE_PORTICO_BITCOIN: bitcoin.url, VITE_PORTICO_RELAY: relay.url, VITE_PORTICO_REGISTRY: registry.url, VITE_PORTICO_INDEXER: indexer.url, VITE_PORTICO_INDEXER_KEY: INDEXER_KEY, VITE_PORTICO_TOKENS: JSON.stringify(tokens), VITE_PORTICO_UNISWAP: JSON.stringify({ router: uniswap.router, weth: uniswap.weth }), VITE_PORTICO_AGGREGATOR: swapProxy.url, VITE_PORTICO_ONRAMP: onrampServer.url, VITE_PORTICO_ONRAMP_WIDGETS: onramp.url, VITE_PORTICO_MELD_KEY: ONRAMP_KEYS.meld.publicKey, VITE_PORTICO_FRAME: wallet.frame.url, VITE_PORTICO_MAIL: wallet.mail.url },
});

let stopping = false;
const shutdown = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  await Promise.all([stopAll(), services.stop(), wallet.stop()]);
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
playground.on('exit', (code) => void shutdown(code ?? 1));

await waitForHttp(`http://127.0.0.1:${port}/`);
console.log(`\n  Portico playground: http://127.0.0.1:${port}/  (Ctrl-C stops it and its services)\n`);
