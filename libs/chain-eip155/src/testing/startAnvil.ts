import { spawn } from 'node:child_process';
import type { Network } from '@portico/kernel';
import { createRequire } from 'node:module';
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

/** Path of the pinned anvil binary from `@foundry-rs/anvil-linux-amd64`. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
}

/**
 * Starts anvil on 127.0.0.1 and resolves once it listens and answers `eth_chainId`. Without `port`,
 * anvil binds a free port itself (`--port 0`) and says which ("Listening on …"): a port chosen here
 * first could be taken meanwhile by another anvil, and this one's readiness check would then have
 * been answered by that other node while this one had exited (two test files on one chain).
 * With `port`, a port already taken rejects with anvil's reason.
 */
export async function startAnvil({ chainId = 31337, port = 0 }: { chainId?: number; port?: number } = {}): Promise<AnvilNode> {
  // Not --silent: its first lines say where it listens (anything after is read and dropped).
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const unlist = listTestProcess(child.pid, `anvil (PID ${child.pid})`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(unlist);
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  const url = await new Promise<string>((resolve, reject) => {
    let head = '';
    const timer = setTimeout(() => fail(new Error(`anvil did not start within 15 s${said ? `: ${said.trim()}` : ''}`)), 15_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    const early = (code: number | null) => fail(new Error(`anvil exited with ${code}${said ? `: ${said.trim()}` : ''}`));
    child.once('exit', early);
    child.once('error', fail);
    child.stdout.on('data', function listening(chunk: Buffer) {
      head += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(head);
      if (!match) return void (head = head.slice(-4000));
      child.stdout.off('data', listening);
      child.stdout.resume();
      clearTimeout(timer);
      child.off('exit', early);
      resolve(`http://127.0.0.1:${match[1]}`);
    });
  });
  // Ready once it answers (this node: it holds the port). The first request also turns its request
  // log off, as --silent would have: nothing more comes down the pipe (a parent busy in a spawnSync
  // could otherwise leave a chatty node blocked on a full pipe).
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"anvil_setLoggingEnabled","params":[false]}' });
      if (response.ok) break;
    } catch {
      if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('anvil did not answer within 15 s');
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
