import { Harness } from './harness';
import { Wallet } from './portico';

// A server component: rendered on the server, the client components hydrated in the browser.
export default async function Page({ searchParams }: { searchParams: Promise<{ evm?: string }> }) {
  const { evm } = await searchParams;
  return (
    <main>
      <h1>Next.js host</h1>
      <Wallet />
      {evm ? <Harness evm={evm} /> : null}
    </main>
  );
}
