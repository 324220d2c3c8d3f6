import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploySimple7702Account, deployTestTokens, deployUniswapV2, startAnvil, startLocalMainnet } from '@portico/chain-eip155/testing/node';
import { SOLANA_LOCALNET_GENESIS_HASH } from '@portico/chain-solana/testing';
import { createServiceGroup, freePort, startEmbeddedWallet, startEsplora, startIndexer, onrampKeys, startOnrampServer, startOnrampService, startRelay, startSiwxServer, startSolanaNode, startSwapAggregator, startSwapProxy, startWalletRegistry } from '@portico/tools/services';

/**
 * Starts three local EVM chains (one a mainnet with ENS), the Solana node, the Esplora API,
 * the relay, the wallet registry, the sign-in server, the indexer, the swap aggregator and the
 * onramp reference (over the first chain, where the test tokens and Uniswap V2 are deployed) for the browser tests; the returned
 * function stops them (by PID). If one fails to start, those already running are stopped.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const services = createServiceGroup();
  const host = `127.0.0.1:${process.env.PORTICO_E2E_PORT ?? 4319}`;
  // The embedded wallet's frame port, chosen first: the Solana node lets that origin send.
  const framePort = await freePort();
  // Two chains for the EVM tests, and a local mainnet (chain id 1) with ENS records for the test wallet's account.
  const [a, b, mainnet] = await services.start(startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 }), startLocalMainnet());
  process.env.PORTICO_EVM = [a.url, b.url].join(',');
  process.env.PORTICO_ENS = mainnet.url;
  // The first chain's test tokens (ERC-20s, an NFT collection, an ERC-1155), held by the test wallet's account.
  // And Uniswap V2 from its published artifacts, with pools of tUSD, PTK and ETH (liquidity from another dev account).
  const [tokens, uniswap] = await deployTestTokens(a.url)
    .then(async (deployed) => [deployed, await deployUniswapV2(a.url, deployed)] as const)
    .catch(async (error: unknown) => {
      await services.stop();
      throw error;
    });
  process.env.PORTICO_TOKENS = JSON.stringify(tokens);
  process.env.PORTICO_UNISWAP = JSON.stringify({ router: uniswap.router, weth: uniswap.weth });
  process.env.PORTICO_AGGREGATOR_KEY = 'portico-local-aggregator-key';
  const keys = onrampKeys();
  process.env.PORTICO_MELD_KEY = keys.meld.publicKey;
  // The indexer is strict, as Etherscan API V2: the page's key, and the tests' own (so their polling never takes the page's rate).
  process.env.PORTICO_INDEXER_KEY = 'portico-local-indexer-key';
  process.env.PORTICO_INDEXER_TEST_KEY = 'portico-e2e-indexer-key';
  const rpcUrls = Object.fromEntries([a, b, mainnet].map((n) => [n.chainId, n.url]));
  const [siwx, solana, bitcoin, relay, registry, indexer, aggregator, onramp] = await services.start(
    startSiwxServer({ allowedOrigins: [`http://${host}`], domain: host, rpcUrls }),
    // The wallet frame (its own origin) sends the e-mail wallet's Solana transactions too.
    startSolanaNode({ allowedOrigins: [`http://${host}`, `http://127.0.0.1:${framePort}`] }),
    startEsplora({ allowedOrigins: [`http://${host}`] }),
    // As WalletConnect's relay: the playground's project only (any other project id: socket closed with 3000).
    startRelay({ projectIds: ['playground-project'] }),
    // As the hosted explorer API: the playground's project, from the test host's origin only (anything else: 403).
    startWalletRegistry({ projectIds: ['playground-project'], allowedOrigins: [`http://${host}`] }),
    // As Etherscan API V2: /v2/api with a key and the chain, 3 calls a second per key (the free plan), refusals as HTTP 200 NOTOK.
    startIndexer({ rpcUrl: a.url, wsUrl: a.url.replace(/^http/, 'ws'), allowedOrigins: [`http://${host}`], strict: true, apiKeys: [process.env.PORTICO_INDEXER_KEY, process.env.PORTICO_INDEXER_TEST_KEY] }),
    // As the real 1inch API (no CORS, 429 past the key's rate: 5 a second here); the page goes through the swap proxy.
    startSwapAggregator({ rpcUrl: a.url, router: uniswap.router, weth: uniswap.weth, apiKey: process.env.PORTICO_AGGREGATOR_KEY, strict: true, rps: 5 }),
    // As Coinbase Onramp's and Meld's APIs (their paths and shapes, no CORS, CDP JWTs, single-use session tokens bound to the client IP); the page goes through the onramp server.
    startOnrampService({ rpcUrl: a.url, keys }),
  );
  const [swapProxy, onrampServer] = await services.start(
    startSwapProxy({ upstream: aggregator!.url, apiKey: process.env.PORTICO_AGGREGATOR_KEY, allowedOrigins: [`http://${host}`], rps: 4 }),
    startOnrampServer({ providersUrl: onramp!.url, keys, allowedOrigins: [`http://${host}`] }),
  );
  process.env.PORTICO_AGGREGATOR = swapProxy!.url;
  process.env.PORTICO_AGGREGATOR_API = aggregator!.url;
  // The site's onramp server (quotes, session tokens) and the providers' widgets.
  process.env.PORTICO_ONRAMP = onrampServer!.url;
  process.env.PORTICO_ONRAMP_WIDGETS = onramp!.url;
  process.env.PORTICO_INDEXER = indexer.url;
  process.env.PORTICO_SIWX_SERVER = siwx.url;
  process.env.PORTICO_SOLANA = solana.url;
  process.env.PORTICO_BITCOIN = bitcoin.url;
  process.env.PORTICO_RELAY = relay.url;
  process.env.PORTICO_REGISTRY = registry.url;
  // The embedded wallet: the SMTP catcher, the auth service (PGlite in a fresh folder) and the
  // wallet frame on its own origin, for the playground's origin (its project id, playground-project). The mail
  // cooldown is 3 s here (the spec's 30 s would make a test wait): the message is tested, not the length.
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-auth-'));
  // The frame is built here unless `npm test` built it once for the Playwright runs it starts side by side
  // (PORTICO_WALLET_FRAME_BUILT=1, startEmbeddedWallet's default): a build into the folder another serves would race.
  // Its smart account on the first chain: EIP-7702 delegation to eth-infinitism's Simple7702Account.
  const wallet = await deploySimple7702Account(a.url).then((implementation) => startEmbeddedWallet({ projects: { 'playground-project': [`http://${host}`] }, rpcUrls: { 'eip155:31337': a.url, [`solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`]: solana.url }, smartAccounts: { 'eip155:31337': implementation }, dataDir, cooldownMs: 3_000, framePort, social: true, farcasterRpcUrl: a.url })).catch(async (error: unknown) => {
    await services.stop();
    throw error;
  });
  process.env.PORTICO_FRAME = wallet.frame.url;
  process.env.PORTICO_MAIL = wallet.mail.url;
  process.env.PORTICO_AUTH = wallet.auth.url;
  process.env.PORTICO_OIDC = wallet.oidc!.url;
  return async () => {
    await Promise.all([services.stop(), wallet.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
