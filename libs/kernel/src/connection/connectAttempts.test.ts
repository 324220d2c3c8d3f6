import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../test/internals';
import { ConnectCancelledError } from '../../src/entries/errors';
import { ConnectAttempts } from './connectAttempts';
import { ConnectionStateCell, DISCONNECTED } from './connectionState';

function setup() {
  const events = createEventBus();
  const abandoned: unknown[] = [];
  events.on('connection:attempt-abandoned', (payload) => abandoned.push(payload));
  const state = new ConnectionStateCell({ namespaces: {}, activeNamespace: undefined, preferredAccountTypes: {}, recentWallets: [] }, events, () => undefined);
  return { state, attempts: new ConnectAttempts(events, state), abandoned };
}

describe('ConnectAttempts', () => {
  it('begin shows the namespace connecting; abandon puts back what it was before', () => {
    const { state, attempts, abandoned } = setup();
    state.update('acme', { ...DISCONNECTED, status: 'connected', connectorId: 'old' });
    const ticket = attempts.begin('acme', 'new');
    expect(state.get('acme')).toMatchObject({ status: 'connecting', connectorId: 'new' });
    ticket.abandon();
    ticket.abandon();
    expect(state.get('acme')).toMatchObject({ status: 'connected', connectorId: 'old' });
    expect(ticket.signal.reason).toBeInstanceOf(ConnectCancelledError);
    expect(abandoned).toEqual([{ namespace: 'acme', connectorId: 'new', reason: 'ended' }]);
  });

  it('a newer attempt supersedes the pending one and keeps what was settled before both', () => {
    const { state, attempts, abandoned } = setup();
    const first = attempts.begin('acme', 'a');
    const second = attempts.begin('acme', 'b');
    expect(second.id).toBeGreaterThan(first.id);
    expect([first.isCurrent(), first.signal.aborted, second.isCurrent()]).toEqual([false, true, true]);
    expect(attempts.pending.get('acme')?.previous.status).toBe('disconnected');
    first.abandon();
    expect(state.get('acme').connectorId).toBe('b');
    expect(abandoned).toEqual([{ namespace: 'acme', connectorId: 'a', reason: 'superseded' }]);
  });

  it('an already aborted signal gives an aborted ticket and changes nothing', () => {
    const { state, attempts } = setup();
    const ticket = attempts.begin('acme', 'a', AbortSignal.abort());
    expect([ticket.isCurrent(), ticket.signal.aborted, state.get('acme').status]).toEqual([false, true, 'disconnected']);
  });

  it('settle gives the status from before the attempt and ends it (quietly when that attempt connected)', () => {
    const { attempts, abandoned } = setup();
    const ticket = attempts.begin('acme', 'a');
    expect(attempts.settle('acme', ticket).status).toBe('disconnected');
    expect([attempts.pending.size, ticket.signal.aborted, abandoned.length]).toEqual([0, false, 0]);
    attempts.begin('acme', 'b');
    attempts.settle('acme', undefined);
    expect(abandoned).toEqual([{ namespace: 'acme', connectorId: 'b', reason: 'superseded' }]);
  });
});
