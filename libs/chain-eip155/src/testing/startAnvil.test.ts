import { describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from './startAnvil';

const chainIdAt = async (url: string) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
  return ((await response.json()) as { result: string }).result;
};

describe('startAnvil', () => {
  it('nodes started at once each get a port and a process of their own, each answering with its own chain id', async () => {
    const nodes = await Promise.all(Array.from({ length: 6 }, (_, i) => startAnvil({ chainId: 41_000 + i })));
    try {
      expect(new Set(nodes.map((n) => n.url)).size).toBe(6);
      expect(new Set(nodes.map((n) => n.pid)).size).toBe(6);
      // Each answered by the node started with that chain id (not one of the others on its port).
      for (const [i, node] of nodes.entries()) {
        expect(await chainIdAt(node.url)).toBe(`0x${(41_000 + i).toString(16)}`);
      }
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }, 60_000);

  it("a port another node holds: rejects with anvil's reason, instead of taking that node's answer for its own", async () => {
    const holder = await startAnvil({ chainId: 42_001 });
    let second: AnvilNode | undefined;
    try {
      const port = Number(new URL(holder.url).port);
      await expect(startAnvil({ chainId: 42_002, port }).then((node) => (second = node))).rejects.toThrow(/anvil exited with/);
      // The node that holds the port is untouched.
      expect(await chainIdAt(holder.url)).toBe(`0x${(42_001).toString(16)}`);
    } finally {
      await second?.stop();
      await holder.stop();
    }
  }, 60_000);
});
