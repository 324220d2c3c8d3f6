import { startAnvil, startLocalMainnet } from '@portico/chain-eip155/testing/node';
import { startEsplora, startRelay, startSiwxServer, startSolanaNode, startWalletRegistry } from '@portico/tools/services';

/** Starts three local EVM chains (one a mainnet with ENS), the Solana node, the Esplora API and the sign-in server for the browser tests; the returned function stops them (by PID). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const nodes = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
  process.env.PORTICO_EVM = nodes.map((n) => n.url).join(',');
  // A local mainnet (chain id 1) with ENS records for the test wallet's account.
  const mainnet = await startLocalMainnet();
  process.env.PORTICO_ENS = mainnet.url;
  const host = `127.0.0.1:${process.env.PORTICO_E2E_PORT ?? 4319}`;
  const siwx = await startSiwxServer({ allowedOrigins: [`http://${host}`], domain: host, rpcUrls: Object.fromEntries([...nodes, mainnet].map((n) => [n.chainId, n.url])) });
  process.env.PORTICO_SIWX_SERVER = siwx.url;
  const [solana, bitcoin, relay, registry] = await Promise.all([
    startSolanaNode({ allowedOrigins: [`http://${host}`] }),
    startEsplora({ allowedOrigins: [`http://${host}`] }),
    startRelay(),
    startWalletRegistry(),
  ]);
  process.env.PORTICO_SOLANA = solana.url;
  process.env.PORTICO_BITCOIN = bitcoin.url;
  process.env.PORTICO_RELAY = relay.url;
  process.env.PORTICO_REGISTRY = registry.url;
  return async () => {
    await Promise.all([...nodes.map((n) => n.stop()), mainnet.stop(), siwx.stop(), solana.stop(), bitcoin.stop(), relay.stop(), registry.stop()]);
  };
}
