import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../test/internals';
import { ConnectCancelledError } from '../../src/entries/errors';
import { ConnectAttempts } from './connectAttempts';
import { ConnectionStateCell } from './connectionState';
import { createCurrentAttempt } from './currentAttempt';

/** The attempt and every snapshot its listeners saw. */
function watched() {
  const attempt = createCurrentAttempt();
  const seen: unknown[] = [];
  attempt.subscribe(() => seen.push(attempt.getSnapshot()));
  return { attempt, seen };
}

describe('the connect attempt (one object: its signal, what it shows, its outcome)', () => {
  it('begin shows it connecting; a connected end stops showing it and keeps the outcome', () => {
    const { attempt, seen } = watched();
    const a = attempt.begin('acme');
    expect(attempt.current).toBe(a);
    expect(attempt.getSnapshot()).toEqual({ id: a.id, connectorId: 'acme', status: 'connecting' });
    a.markSlow();
    expect(attempt.getSnapshot()).toEqual({ id: a.id, connectorId: 'acme', status: 'connecting', slow: true });
    a.end('connected');
    a.end('failed', new Error('late'));
    a.cancel();
    expect([a.outcome, a.signal.aborted, attempt.getSnapshot()]).toEqual(['connected', false, undefined]);
    expect(seen).toHaveLength(3);
  });

  it('a failure is shown with its error until the next attempt', () => {
    const { attempt } = watched();
    const error = new Error('declined');
    const a = attempt.begin('acme');
    a.end('failed', error);
    attempt.current?.cancel();
    expect(attempt.getSnapshot()).toEqual({ id: a.id, connectorId: 'acme', status: 'failed', error });
    const b = attempt.begin('acme');
    expect(attempt.getSnapshot()).toMatchObject({ id: b.id, status: 'connecting' });
  });

  it('cancel aborts the signal with ConnectCancelledError and stops showing it; a slow mark after it changes nothing', () => {
    const { attempt, seen } = watched();
    const a = attempt.begin('acme');
    attempt.current?.cancel();
    a.markSlow();
    expect(a.signal.reason).toBeInstanceOf(ConnectCancelledError);
    expect(a.signal.reason).toMatchObject({ details: 'cancelled' });
    expect([a.outcome, attempt.getSnapshot(), seen.length]).toEqual(['cancelled', undefined, 2]);
  });

  it('a newer attempt supersedes the one in progress in one change: listeners never see nothing in between', () => {
    const { attempt, seen } = watched();
    const a = attempt.begin('acme');
    const b = attempt.begin('other');
    expect(b.id).toBeGreaterThan(a.id);
    expect(a.signal.reason).toMatchObject({ details: 'superseded' });
    expect(a.outcome).toBe('cancelled');
    expect(seen).toEqual([expect.objectContaining({ id: a.id }), expect.objectContaining({ id: b.id, connectorId: 'other' })]);
    // The superseded attempt's late end shows nothing over the newer one.
    a.end('failed', new Error('late'));
    a.markSlow();
    expect(attempt.getSnapshot()).toEqual({ id: b.id, connectorId: 'other', status: 'connecting' });
  });

  it("each namespace's ticket ends with the attempt: cancelling it puts the namespace back", () => {
    const events = createEventBus();
    const state = new ConnectionStateCell({ namespaces: {}, activeNamespace: undefined, preferredAccountTypes: {}, recentWallets: [] }, events, () => undefined);
    const tickets = new ConnectAttempts(events, state);
    const attempt = createCurrentAttempt();
    const a = attempt.begin('acme');
    const one = tickets.begin('one', 'acme', a.signal);
    const two = tickets.begin('two', 'acme', a.signal);
    expect([state.get('one').status, state.get('two').status]).toEqual(['connecting', 'connecting']);
    attempt.begin('acme');
    expect([one.isCurrent(), two.isCurrent(), state.get('one').status, state.get('two').status]).toEqual([false, false, 'disconnected', 'disconnected']);
  });
});
