import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRelay, INVALID_PROJECT_CLOSE, type RelayHandle } from './createRelay';
import { signRelayJwt } from './test/relayJwt';

/** Opens a socket with a valid relay JWT and `projectId` (none when undefined); resolves with how the relay ended it, or 'open' when it was still open after `quietMs` (then closed by us). */
function attempt(relay: RelayHandle, projectId: string | undefined, quietMs = 300): Promise<{ code: number; reason: string } | 'open'> {
  const query = `?auth=${encodeURIComponent(signRelayJwt(relay.url))}${projectId === undefined ? '' : `&projectId=${encodeURIComponent(projectId)}`}&ua=raw`;
  const socket = new WebSocket(`${relay.url}/${query}`);
  let stayedOpen = false;
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', (code, reason) => resolve(stayedOpen ? 'open' : { code, reason: String(reason) }));
    socket.on('open', () =>
      setTimeout(() => {
        if (socket.readyState !== WebSocket.OPEN) return;
        stayedOpen = true;
        socket.close();
      }, quietMs),
    );
  });
}

describe('strict mode: the project id (#42)', () => {
  const relays: RelayHandle[] = [];
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.close();
  });
  const start = async (projectIds?: readonly string[]) => {
    const relay = await createRelay(projectIds ? { projectIds } : {});
    relays.push(relay);
    return relay;
  };

  it('closes a socket whose project id is unknown or missing with 3000 "Unauthorized: invalid key", as the hosted relay does; a known one stays open', async () => {
    const relay = await start(['project-a', 'project-b']);
    expect(INVALID_PROJECT_CLOSE).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    expect(await attempt(relay, 'project-c')).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    expect(await attempt(relay, undefined)).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    expect(await attempt(relay, '')).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    // Exact match: no prefix, no case folding.
    expect(await attempt(relay, 'project-a ')).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    expect(await attempt(relay, 'PROJECT-A')).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' });
    expect(await attempt(relay, 'project-b')).toBe('open');
    // A refused socket is never counted as a client's.
    await vi.waitFor(() => expect(relay.stats()).toMatchObject({ connections: 0 }));
  });

  it('without projectIds (the default), any project id is served', async () => {
    const relay = await start();
    expect(await attempt(relay, 'anything')).toBe('open');
    expect(await attempt(relay, undefined)).toBe('open');
  });
});
