import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { signRelayJwt } from './relayJwt';

/** How the connection ended after {@link sendOversizedFrame}. */
export type OversizedFrameOutcome = {
  /** The close code as a browser reports it: the server's close frame, or 1006 when the connection was reset or closed without one. */
  code: number;
  /** Code of the close frame the server sent, if any arrived. */
  closeFrameCode: number | undefined;
  /** Whether the TCP connection failed (ECONNRESET / EPIPE) instead of closing cleanly. */
  reset: boolean;
};

const CHUNK = 1024 * 1024;

/** Writes `payloadBytes` bytes of `x` in chunks, honouring backpressure; resolves early if the socket fails. */
async function writePayload(socket: Socket, payloadBytes: number): Promise<void> {
  const chunk = Buffer.alloc(CHUNK, 'x');
  for (let sent = 0; sent < payloadBytes && socket.writable; sent += CHUNK) {
    if (!socket.write(chunk.subarray(0, Math.min(CHUNK, payloadBytes - sent)))) {
      await new Promise<void>((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
    }
  }
}

/** Reads the server's frames after the handshake and returns the code of its close frame, if any. */
function closeCodeOf(data: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) [length, start] = [data.readUInt16BE(at + 2), at + 4];
    else if (length === 127) [length, start] = [Number(data.readBigUInt64BE(at + 2)), at + 10];
    if (start + length > data.length) return undefined;
    if (opcode === 0x8) return length >= 2 ? data.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return undefined;
}

/**
 * Speaks WebSocket over a bare TCP socket the way a browser does: upgrades, streams one text
 * frame of `payloadBytes` (too big for the relay), finishes the frame, answers the server's close
 * frame and reports how the connection ended. Unlike the `ws` client, it does not hide a reset
 * behind a close frame that happened to arrive first, so it sees what Chromium reports.
 */
export function sendOversizedFrame(url: string, payloadBytes: number): Promise<OversizedFrameOutcome> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  let received = Buffer.alloc(0);
  let handshakeEnd = -1;
  let reset = false;
  socket.on('error', () => (reset = true));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const upgraded = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (handshakeEnd >= 0) return;
      handshakeEnd = received.indexOf('\r\n\r\n');
      if (handshakeEnd < 0) return;
      const status = received.subarray(0, received.indexOf('\r\n')).toString();
      if (/^HTTP\/1\.1 101 /.test(status)) resolve();
      else reject(new Error(`upgrade refused: ${status}`));
    });
    void closed.then(() => reject(new Error('closed before the upgrade')));
  });
  socket.write(
    [`GET /?auth=${signRelayJwt(url)}&projectId=test&ua=raw HTTP/1.1`, `Host: ${hostname}:${port}`, 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', '', ''].join('\r\n'),
  );

  return (async () => {
    await upgraded;
    // FIN + text, masked, 64-bit length, all-zero masking key (so the payload goes as is).
    const header = Buffer.alloc(14);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(payloadBytes), 2);
    socket.write(header);
    await writePayload(socket, payloadBytes);
    const frameCode = () => closeCodeOf(received.subarray(handshakeEnd + 4));
    if (socket.writable && !reset) {
      const code = frameCode() ?? 1000;
      // A masked close frame echoing the server's code, with an all-zero masking key.
      socket.end(Buffer.from([0x88, 0x82, 0, 0, 0, 0, code >> 8, code & 0xff]));
    }
    await closed;
    const closeFrameCode = frameCode();
    return { code: reset || closeFrameCode === undefined ? 1006 : closeFrameCode, closeFrameCode, reset };
  })();
}
