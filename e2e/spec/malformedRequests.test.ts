import { deployTestTokens, deployUniswapV2, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { createServiceGroup, freePort, startEmbeddedWallet, startEsplora, startIndexer, onrampKeys, startOnrampServer, startOnrampService, startRelay, startSiwxServer, startSolanaNode, startSwapAggregator, startWalletRegistry } from '@portico/tools/services';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every local service, fired at as an attacker would: bad percent-encoding, huge headers, odd
// methods, garbage bytes, bodies that lie about their length. Each must answer with an error
// status (or close a connection that is not HTTP), and still be up and answering afterwards:
// one URL must never take a service down (`GET /%E0%A4%A` once ended the wallet frame's server).

interface Running {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
}

const services: Running[] = [];
const group = createServiceGroup();
let anvil: AnvilNode | undefined;
let dataDir: string | undefined;
let stopWallet: (() => Promise<void>) | undefined;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  const tokens = await deployTestTokens(anvil.url);
  const uniswap = await deployUniswapV2(anvil.url, tokens);
  const host = 'http://127.0.0.1:4319';
  const keys = onrampKeys();
  const [siwx, solana, esplora, relay, registry, indexer, aggregator, onramp] = await group.start(
    startSiwxServer({ allowedOrigins: [host], domain: '127.0.0.1:4319', rpcUrls: { 31337: anvil.url } }),
    startSolanaNode({ allowedOrigins: [host] }),
    startEsplora({ allowedOrigins: [host] }),
    startRelay(),
    startWalletRegistry(),
    startIndexer({ rpcUrl: anvil.url, allowedOrigins: [host] }),
    startSwapAggregator({ rpcUrl: anvil.url, router: uniswap.router, weth: uniswap.weth, allowedOrigins: [host] }),
    startOnrampService({ rpcUrl: anvil.url, keys }),
  );
  const [onrampServer] = await group.start(startOnrampServer({ providersUrl: onramp.url, keys, allowedOrigins: [host] }));
  dataDir = mkdtempSync(join(tmpdir(), 'portico-malformed-'));
  const wallet = await startEmbeddedWallet({ projects: { demo: [host] }, rpcUrls: { 'eip155:31337': anvil.url }, dataDir, social: true, framePort: await freePort() });
  stopWallet = wallet.stop;
  services.push(
    { name: 'siwx-server', ...siwx },
    { name: 'solana node', ...solana },
    { name: 'esplora', ...esplora },
    { name: 'relay', ...relay, url: relay.url.replace(/^ws/, 'http') },
    { name: 'wallet registry', ...registry },
    { name: 'indexer', ...indexer },
    { name: 'swap aggregator', ...aggregator },
    { name: 'onramp service', ...onramp },
    { name: 'onramp server', ...onrampServer! },
    { name: 'mail catcher', ...wallet.mail },
    { name: 'auth service', ...wallet.auth },
    { name: 'wallet frame', ...wallet.frame },
    { name: 'oidc stand-in', ...wallet.oidc! },
  );
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([group.stop(), stopWallet?.(), anvil?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Writes `raw` to the service's port and reads the answer's head (at most 5 s): the status code, or undefined when no HTTP answer came; and what came. */
function rawRequest(url: string, raw: string | Buffer): Promise<{ status: number | undefined; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
      resolve({ status: status === undefined ? undefined : Number(status), text: answer });
    };
    const timer = setTimeout(done, 5_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // The head and a little of the body is all this needs; the service may keep the connection open.
      if (/\r\n\r\n[\s\S]{64}/.test(answer) || /\r\n\r\n/.test(answer) && /content-length: 0\r\n/i.test(answer)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(raw);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Attacks each is fired, with what a service may answer: `error` a 4xx; `answer` any status
 * below 500 (a page that ignores a query it does not use); `close` a 4xx or no HTTP answer (bytes
 * that are not HTTP, a body that never comes).
 */
const ATTACKS: ReadonlyArray<{ name: string; raw: (host: string) => string | Buffer; expect: 'error' | 'answer' | 'close' }> = [
  { name: 'a truncated percent-encoding in the path', raw: (h) => `GET /%E0%A4%A HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'an invalid percent-encoding in a known-looking path', raw: (h) => `GET /v1/%ZZ/%E0%A4%A?x=%E0%A4%A HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'an invalid percent-encoding in the query', raw: (h) => `GET /?token=%E0%A4%A&%=%% HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'answer' },
  { name: 'a path that climbs out', raw: (h) => `GET /..%2F..%2F..%2Fetc%2Fpasswd HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'an absolute-form target on another host', raw: (h) => `GET http://evil.example/%E0 HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'a header of 100 KB', raw: (h) => `GET / HTTP/1.1\r\nHost: ${h}\r\nX-Big: ${'a'.repeat(100_000)}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'an unknown method', raw: (h) => `BREW / HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'PROPFIND', raw: (h) => `PROPFIND / HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'TRACE', raw: (h) => `TRACE / HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, expect: 'error' },
  { name: 'a JSON body that is not JSON', raw: (h) => `POST / HTTP/1.1\r\nHost: ${h}\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{"a":%E0}`, expect: 'error' },
  { name: 'a body shorter than its length', raw: (h) => `POST / HTTP/1.1\r\nHost: ${h}\r\nContent-Type: application/json\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{}`, expect: 'close' },
  { name: 'bytes that are not HTTP', raw: () => Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01, 0x00, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]), expect: 'close' },
];

describe.each(['siwx-server', 'solana node', 'esplora', 'relay', 'wallet registry', 'indexer', 'swap aggregator', 'onramp service', 'onramp server', 'mail catcher', 'auth service', 'wallet frame', 'oidc stand-in'])('%s under malformed requests', (name) => {
  it('answers each with an error status (or closes a connection that is not HTTP) and stays up', async () => {
    const service = services.find((s) => s.name === name)!;
    const host = new URL(service.url).host;
    for (const attack of ATTACKS) {
      const { status, text } = await rawRequest(service.url, attack.raw(host));
      // A JSON-RPC node answers a body that is not JSON as real nodes do: 200 with the parse error (-32700).
      const jsonRpcParseError = status === 200 && /"code":\s*-32700/.test(text);
      if (attack.expect !== 'close') expect.soft(status, `${name} answers ${attack.name}`).toBeTypeOf('number');
      if (attack.expect === 'error' || (attack.expect === 'close' && status !== undefined && !jsonRpcParseError)) expect.soft(status ?? 0, `${name}: ${attack.name}`).toBeGreaterThanOrEqual(jsonRpcParseError ? 200 : 400);
      expect.soft(status ?? 400, `${name}: ${attack.name}`).toBeLessThan(500);
      expect(alive(service.pid), `${name} is still running after ${attack.name}`).toBe(true);
    }
    // And it still serves an ordinary request.
    expect((await rawRequest(service.url, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status, `${name} answers after the attacks`).toBeDefined();
  }, 60_000);

  it('survives a storm of 200 malformed requests in parallel', async () => {
    const service = services.find((s) => s.name === name)!;
    const host = new URL(service.url).host;
    await Promise.all(Array.from({ length: 200 }, (_, i) => rawRequest(service.url, ATTACKS[i % ATTACKS.length]!.raw(host))));
    expect(alive(service.pid)).toBe(true);
    expect((await rawRequest(service.url, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status).toBeDefined();
  }, 60_000);
});

describe.each(['siwx-server', 'auth service', 'wallet frame'])('%s, the self-hosted service, for a load balancer (#40)', (name) => {
  it('answers GET /healthz (alive) and GET /readyz (ready to serve) with 200, after all of the above', async () => {
    const service = services.find((s) => s.name === name)!;
    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
