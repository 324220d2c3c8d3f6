import { spawn } from 'node:child_process';
import type { Network } from '@portico/kernel';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { listTestProcess } from './listTestProcess';

/** A running anvil node; `stop()` ends it by PID. */
export interface AnvilNode {
  url: string;
  chainId: number;
  pid: number;
  stop(): Promise<void>;
}

/** A node as one of the app's networks: `eip155:<chainId>`, "Anvil <chainId>", Ether, its URL. */
export function anvilNetwork(node: Pick<AnvilNode, 'url' | 'chainId'>): Network {
  return {
    caipNetworkId: `eip155:${node.chainId}`,
    name: `Anvil ${node.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Path of the pinned anvil binary from `@foundry-rs/anvil-linux-amd64`. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
}

/** Starts anvil on 127.0.0.1 on a free port and waits until it answers `eth_chainId`. */
export async function startAnvil({ chainId = 31337, port }: { chainId?: number; port?: number } = {}): Promise<AnvilNode> {
  const chosen = port ?? (await freePort());
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(chosen), '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${chosen}`;
  const unlist = listTestProcess(child.pid, `anvil on ${url}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(unlist);
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (response.ok) break;
    } catch {
      if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('anvil did not start within 15 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    chainId,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
