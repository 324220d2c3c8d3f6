import { afterEach, describe, expect, it } from 'vitest';
import { createFrameClient, createFrameServer, FrameNotSetError, type FrameHandlers, type MessageWindow } from './channel';
import { parseAppMessage, PROTOCOL } from './messages';

const HOST = 'https://app.acme.example';
const FRAME = 'http://127.0.0.1:4500';

/**
 * Two windows as a browser wires them: posting to the other's handle delivers a `message` event
 * (a structured clone, asynchronously) with the sender's origin and, as `source`, the handle
 * the receiver holds for the sender; a target origin that is not the receiver's drops it.
 */
function windows() {
  const host = new EventTarget();
  const frame = new EventTarget();
  const deliver = (target: EventTarget, ownOrigin: string, data: unknown, targetOrigin: string, fromOrigin: string, source: unknown) => {
    if (targetOrigin !== '*' && targetOrigin !== ownOrigin) return;
    setTimeout(() => target.dispatchEvent(Object.assign(new Event('message'), { data: structuredClone(data), origin: fromOrigin, source })), 0);
  };
  const frameHandle: MessageWindow = { postMessage: (data, origin) => deliver(frame, FRAME, data, origin, HOST, parentHandle) };
  const parentHandle: MessageWindow = { postMessage: (data, origin) => deliver(host, HOST, data, origin, FRAME, frameHandle) };
  const listen = (target: EventTarget) => ({
    addEventListener: (type: 'message', l: (e: never) => void) => target.addEventListener(type, l as unknown as EventListener),
    removeEventListener: (type: 'message', l: (e: never) => void) => target.removeEventListener(type, l as unknown as EventListener),
  });
  /** A script on the host page posting to its own window: origin the host's, source the host window itself. */
  const hostScript = (data: unknown, origin = HOST, source: unknown = host) => deliver(host, HOST, data, '*', origin, source);
  /** Something posting to the frame from elsewhere (another tab's opener, a sibling frame). */
  const toFrameFrom = (data: unknown, origin: string, source: unknown) => deliver(frame, FRAME, data, '*', origin, source);
  return { hostWindow: listen(host), frameWindow: listen(frame), frameHandle, parentHandle, hostScript, toFrameFrom };
}

const user = { email: 'ada@example.com', address: '0x0000000000000000000000000000000000000001', chainId: 'eip155:1', accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'smartAccount' as const }] };

const live: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const item of live.splice(0)) item.dispose();
});

function setup(handlers: FrameHandlers = {}, options: { allowed?: (origin: string) => boolean } = {}) {
  const w = windows();
  const hostIgnored: string[] = [];
  const frameIgnored: string[] = [];
  let n = 0;
  const client = createFrameClient({ listenOn: w.hostWindow, frame: () => w.frameHandle, frameOrigin: FRAME, readyDelayMs: 20, onIgnored: (r) => void hostIgnored.push(r), newId: () => `request-${++n}` });
  const server = createFrameServer({
    listenOn: w.frameWindow,
    parent: () => w.parentHandle,
    isAllowedOrigin: options.allowed ?? ((origin) => origin === HOST),
    handlers,
    onIgnored: (r) => void frameIgnored.push(r),
  });
  live.push(client, server);
  return { ...w, client, server, hostIgnored, frameIgnored };
}

describe('frame protocol: the host and the frame over window messages', () => {
  it('is ready READY + 500 ms after the frame announces itself', async () => {
    const w = windows();
    const client = createFrameClient({ listenOn: w.hostWindow, frame: () => w.frameHandle, frameOrigin: FRAME });
    const server = createFrameServer({ listenOn: w.frameWindow, parent: () => w.parentHandle, isAllowedOrigin: () => true, handlers: {} });
    live.push(client, server);
    const started = Date.now();
    let readyAt = 0;
    void client.ready.then(() => (readyAt = Date.now()));
    server.announceReady(HOST);
    await new Promise((r) => setTimeout(r, 400));
    expect(readyAt).toBe(0);
    await client.ready;
    expect(readyAt - started).toBeGreaterThanOrEqual(500);
  });

  it('answers each request by id with a payload checked against its schema', async () => {
    const { client } = setup({ GET_USER: async () => user, IS_CONNECTED: () => ({ isConnected: true }), CONNECT_EMAIL: ({ email }) => ({ action: email.startsWith('new') ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }) });
    const [who, connected, fresh, known] = await Promise.all([client.request('GET_USER', {}), client.request('IS_CONNECTED', {}), client.request('CONNECT_EMAIL', { email: 'new@example.com' }), client.request('CONNECT_EMAIL', { email: 'ada@example.com' })]);
    expect(who).toEqual(user);
    expect(connected).toEqual({ isConnected: true });
    expect([fresh.action, known.action]).toEqual(['VERIFY_DEVICE', 'VERIFY_OTP']);
    expect(client.pendingCount).toBe(0);
  });

  it('the frame’s errors reach the host: its message and code, or "An error occurred"', async () => {
    const { client } = setup({
      RPC_REQUEST: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
      SIGN_OUT: () => {
        throw {};
      },
    });
    await expect(client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'personal_sign', params: ['0x00'] })).rejects.toMatchObject({ name: 'FrameRequestError', message: 'User rejected the request.', code: 4001, reason: 'frame' });
    await expect(client.request('SIGN_OUT', {})).rejects.toMatchObject({ message: 'An error occurred' });
    await expect(client.request('RELOAD', {})).rejects.toMatchObject({ message: 'RELOAD is not supported by this wallet frame' });
  });

  it('a host-page script posting well-formed frame messages from its own window is ignored and reported', async () => {
    const { client, hostScript, hostIgnored } = setup({ GET_USER: async () => user });
    // The forger even knows the id (ids are not secret); the source is still the host's window.
    const forgedId = 'request-1';
    const real = client.request('GET_USER', {});
    hostScript({ protocol: PROTOCOL, kind: 'ready' });
    hostScript({ protocol: PROTOCOL, kind: 'success', id: forgedId, event: 'GET_USER', payload: { ...user, address: '0xevil' } });
    hostScript({ protocol: PROTOCOL, kind: 'success', id: forgedId, event: 'GET_USER', payload: user }, FRAME); // the frame's origin, the wrong window
    hostScript({ hello: 'another library’s message' });
    expect(await real).toEqual(user);
    await new Promise((r) => setTimeout(r, 10));
    expect(hostIgnored).toEqual([
      `a frame message from ${HOST} that is not the frame (${FRAME})`,
      `a frame message from ${HOST} that is not the frame (${FRAME})`,
      `a frame message from ${FRAME} that is not the frame (${FRAME})`,
    ]);
  });

  it('a malformed answer from the frame itself is ignored, never handed to the host', async () => {
    const { client, parentHandle, hostIgnored } = setup({ GET_CHAIN_ID: () => new Promise(() => undefined) });
    const waiting = client.request('GET_CHAIN_ID', {});
    void waiting.catch(() => undefined);
    parentHandle.postMessage({ protocol: PROTOCOL, kind: 'success', id: 'request-1', event: 'GET_CHAIN_ID', payload: { chainId: 'not a chain' } }, HOST);
    await new Promise((r) => setTimeout(r, 10));
    expect(hostIgnored[0]).toMatch(/^a malformed frame message: GET_CHAIN_ID answer: chainId: Expected a CAIP-2 network id/);
    expect(client.pendingCount).toBe(1);
  });

  it('the frame reads requests only from its parent at an allowed origin, and says why a request is malformed', async () => {
    const { frameIgnored, toFrameFrom, parentHandle, client, hostIgnored } = setup({ CONNECT_OTP: async () => ({}) }, { allowed: (origin) => origin === HOST });
    toFrameFrom({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh12', event: 'SIGN_OUT', payload: {} }, HOST, {});
    toFrameFrom({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh12', event: 'SIGN_OUT', payload: {} }, 'https://evil.example', parentHandle);
    await new Promise((r) => setTimeout(r, 10));
    expect(frameIgnored).toEqual(['a request from a window that is not the host page', 'a request from https://evil.example, which is not allowed']);

    // Through the client, schemas stop a bad payload before it is sent…
    await expect(client.request('CONNECT_EMAIL', { email: 'nope' })).rejects.toThrow('CONNECT_EMAIL: email: Invalid email');
    // …and the frame answers one sent anyway with the reason, in the spec's words.
    toFrameFrom({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh34', event: 'CONNECT_OTP', payload: {} }, HOST, parentHandle);
    toFrameFrom({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh56', event: 'CONNECT_OTP', payload: { otp: 123456 } }, HOST, parentHandle);
    await new Promise((r) => setTimeout(r, 20));
    expect(frameIgnored.slice(2)).toEqual(['a malformed request: CONNECT_OTP payload: otp: Required', 'a malformed request: CONNECT_OTP payload: otp: Expected string, received number']);
    // Those answers reach the host window but match no request of its own.
    expect(hostIgnored).toEqual(['an answer to no request (CONNECT_OTP abcdefgh34)', 'an answer to no request (CONNECT_OTP abcdefgh56)']);
  });

  it('aborts: "Request was aborted" for RPC, "Something went wrong" for anything else; a timeout names the event', async () => {
    const { client } = setup({ RPC_REQUEST: () => new Promise(() => undefined), GET_USER: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const rpc = client.request('RPC_REQUEST', { chainId: 'eip155:1', method: 'eth_sendTransaction', params: [] }, { signal: controller.signal });
    const other = client.request('GET_USER', {}, { signal: controller.signal });
    controller.abort();
    await expect(rpc).rejects.toMatchObject({ message: 'Request was aborted', reason: 'aborted' });
    await expect(other).rejects.toMatchObject({ message: 'Something went wrong', reason: 'aborted' });
    await expect(client.request('GET_USER', {}, { timeoutMs: 30 })).rejects.toMatchObject({ message: 'The wallet frame did not answer GET_USER within 30 ms', reason: 'timeout' });
    expect(client.pendingCount).toBe(0);
  });

  it('a handler’s malformed answer becomes an error, not a malformed success', async () => {
    const { client } = setup({ GET_CHAIN_ID: () => ({ chainId: 42 }) as never });
    await expect(client.request('GET_CHAIN_ID', {})).rejects.toThrow(/^The wallet frame made a malformed GET_CHAIN_ID answer: chainId: Expected string, received number$/);
  });

  it('frame events reach the host’s listeners checked against their schema; forged and malformed ones are ignored and reported', async () => {
    const { client, server, hostScript, hostIgnored } = setup();
    const seen: unknown[] = [];
    const off = client.onEvent('approvals', (payload) => seen.push(payload));
    server.emit('approvals', { pending: 1, height: 420 }, HOST);
    // A script on the host page posting the same event from its own window: not the frame.
    hostScript({ protocol: PROTOCOL, kind: 'event', name: 'approvals', payload: { pending: 9, height: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([{ pending: 1, height: 420 }]);
    expect(hostIgnored.some((reason) => reason.includes('not the frame'))).toBe(true);
    // The frame cannot send what the schema refuses, and a listener that left hears nothing.
    expect(() => server.emit('approvals', { pending: -1, height: 0 }, HOST)).toThrow(/^approvals: pending/);
    off();
    server.emit('approvals', { pending: 0, height: 0 }, HOST);
    // Only to the host origin given: another target origin is dropped by the browser.
    server.emit('focus-leave', { direction: 'forward' }, 'https://evil.example');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(1);
  });

  it('handlers get the request id with the origin', async () => {
    const ids: string[] = [];
    const { client } = setup({ GET_CHAIN_ID: (_p, context) => (ids.push(`${context.origin} ${context.id}`), { chainId: 'eip155:1' }) });
    await client.request('GET_CHAIN_ID', {});
    expect(ids).toEqual([`${HOST} request-1`]);
  });

  it('no frame: "iframe is not set"; disposing fails what waits', async () => {
    const w = windows();
    const noFrame = createFrameClient({ listenOn: w.hostWindow, frame: () => null, frameOrigin: FRAME });
    await expect(noFrame.request('IS_CONNECTED', {})).rejects.toBeInstanceOf(FrameNotSetError);
    await expect(noFrame.request('IS_CONNECTED', {})).rejects.toThrow('iframe is not set');
    noFrame.dispose();
    const { client } = setup({ GET_USER: () => new Promise(() => undefined) });
    const waiting = client.request('GET_USER', {});
    client.dispose();
    await expect(waiting).rejects.toMatchObject({ message: 'Something went wrong' });
  });
});

describe('parseAppMessage', () => {
  it('checks the envelope, then the event’s payload', () => {
    expect(parseAppMessage({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh12', event: 'SWITCH_NETWORK', payload: { chainId: 'eip155:10' } })).toEqual({
      ok: true,
      value: { protocol: PROTOCOL, kind: 'request', id: 'abcdefgh12', event: 'SWITCH_NETWORK', payload: { chainId: 'eip155:10' } },
    });
    expect(parseAppMessage({ protocol: PROTOCOL, kind: 'request', id: 'short', event: 'NOPE', payload: {} })).toMatchObject({ ok: false });
    expect(parseAppMessage({ protocol: PROTOCOL, kind: 'request', id: 'abcdefgh12', event: 'SIGN_OUT', payload: { extra: 1 } })).toMatchObject({ ok: false, reason: expect.stringContaining('SIGN_OUT payload') });
  });
});
