import { startAnvil } from '@portico/chain-eip155/testing/node';

/** Starts two local EVM chains for the browser tests; the returned function stops them (by PID). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const nodes = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
  process.env.PORTICO_EVM = nodes.map((n) => n.url).join(',');
  return async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  };
}
