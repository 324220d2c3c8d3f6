import WebSocket from 'ws';
import { signRelayJwt } from './relayJwt';

/** A bare `ws` client speaking raw frames to the relay, recording what comes back. */
export type RawRelayClient = {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  send(frame: string | Buffer): void;
  request(method: string, params: unknown, id?: number): Promise<Record<string, unknown>>;
  /** Resolves with the first frame (already received or future) matching `predicate`. */
  next(predicate: (frame: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

// Far from the small ids tests pass explicitly.
let nextId = 1_000_000;

/** Opens a raw client; `auth` defaults to a new client's valid JWT for `url`, `null` omits it. */
export async function connectRaw(url: string, auth: string | null = signRelayJwt(url)): Promise<RawRelayClient> {
  const query = auth === null ? '' : `?auth=${encodeURIComponent(auth)}&projectId=test&ua=raw`;
  const socket = new WebSocket(`${url}/${query}`);
  const frames: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Record<string, unknown>);
    waiters.forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next: RawRelayClient['next'] = (predicate, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = frames.find(predicate);
        if (!found) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames).slice(0, 500)}`));
      }, timeoutMs);
      if (!check()) waiters.add(wake);
    });
  return {
    socket,
    frames,
    closed,
    next,
    send: (frame) => socket.send(frame),
    request(method, params, id = nextId++) {
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      return next((f) => f.id === id && !('method' in f));
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** How the relay answers a WebSocket upgrade: 101 when accepted, else the refusal's status and text body. */
export function upgradeAnswer(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        ws.terminate();
      });
    });
    ws.on('open', () => {
      resolve({ status: 101, body: '' });
      ws.close();
    });
    ws.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

/** The HTTP status the relay answers a WebSocket upgrade with (101 when it is accepted). */
export async function upgradeStatus(url: string): Promise<number> {
  return (await upgradeAnswer(url)).status;
}
