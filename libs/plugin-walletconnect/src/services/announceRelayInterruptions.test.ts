import { createKernel, createMemoryStorage, createObservable, type Kernel } from '@portico/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { WALLETCONNECT_INTERRUPTED_ALERT, WALLETCONNECT_REQUEST_VIEW, type WalletConnectConnectionState, type WalletConnectRequestsState } from '../api';
import { walletconnectPlugin } from '../plugin';
import { announceRelayInterruptions } from './announceRelayInterruptions';

const kernels: Kernel[] = [];
afterEach(async () => {
  for (const kernel of kernels.splice(0)) await kernel.dispose();
});

/** A kernel whose router and alert center are real (the manifest contributes the alert), and a relay state the test drives. */
async function setup() {
  const kernel = createKernel({ plugins: [walletconnectPlugin], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  kernels.push(kernel);
  const state = createObservable<WalletConnectConnectionState>({ status: 'connected' });
  const requests = createObservable<WalletConnectRequestsState>({ pending: 0 });
  const relay = { state, requests, clearFailure: () => requests.set((s) => ({ pending: s.pending })) };
  const stop = announceRelayInterruptions({ relay, alerts: kernel.alerts, router: kernel.router, events: kernel.events });
  const alerted = () => kernel.alerts.getSnapshot().some((a) => a.id === WALLETCONNECT_INTERRUPTED_ALERT);
  const modal = () => kernel.router.getSnapshot();
  return { kernel, state, requests, stop, alerted, modal };
}

describe('announceRelayInterruptions', () => {
  it('raises the alert while the connection is interrupted and takes it down when it is back; nothing opens without a waiting request', async () => {
    const { state, alerted, modal } = await setup();
    expect(alerted()).toBe(false);
    state.set({ status: 'interrupted', since: Date.now() });
    expect(alerted()).toBe(true);
    expect(modal().isOpen).toBe(false);
    state.set({ status: 'connected' });
    expect(alerted()).toBe(false);
  });

  it('opens the modal on the request view for a request waiting on an interrupted relay, and closes it once the request is done', async () => {
    const { state, requests, modal } = await setup();
    requests.set({ pending: 1 });
    expect(modal().isOpen).toBe(false);
    state.set({ status: 'interrupted', since: Date.now() });
    expect(modal()).toMatchObject({ isOpen: true, current: { view: WALLETCONNECT_REQUEST_VIEW } });
    state.set({ status: 'connected' });
    // Back, the wallet still has to answer: the view stays.
    expect(modal().isOpen).toBe(true);
    requests.set({ pending: 0 });
    expect(modal().isOpen).toBe(false);
  });

  it('takes "Reconnecting…" down while a request\'s failure is shown (the two would contradict), and back up once the failure is dismissed while the relay is still away (#38)', async () => {
    const { kernel, state, requests, alerted } = await setup();
    state.set({ status: 'interrupted', since: Date.now() });
    requests.set({ pending: 1 });
    expect(alerted()).toBe(true);
    requests.set({ pending: 0, failed: new Error('unreachable') });
    expect(alerted()).toBe(false);
    kernel.router.close('cancelled');
    expect(alerted()).toBe(true);
    state.set({ status: 'connected' });
    expect(alerted()).toBe(false);
  });

  it('keeps a failure on screen until the user closes the modal, which forgets it', async () => {
    const { kernel, state, requests, modal } = await setup();
    state.set({ status: 'interrupted', since: Date.now() });
    requests.set({ pending: 1 });
    expect(modal().current.view).toBe(WALLETCONNECT_REQUEST_VIEW);
    requests.set({ pending: 0, failed: new Error('unreachable') });
    expect(modal()).toMatchObject({ isOpen: true, current: { view: WALLETCONNECT_REQUEST_VIEW } });
    kernel.router.close('cancelled');
    expect(requests.getSnapshot()).toEqual({ pending: 0 });
  });

  it('opens once per wait (closing it is respected) and never takes over a modal the user has open', async () => {
    const { kernel, state, requests, modal, alerted } = await setup();
    state.set({ status: 'interrupted', since: Date.now() });
    requests.set({ pending: 1 });
    kernel.router.close('cancelled');
    requests.set({ pending: 2 });
    expect(modal().isOpen).toBe(false);
    requests.set({ pending: 0 });

    void kernel.router.open('Account');
    requests.set({ pending: 1 });
    expect(modal().current.view).toBe('Account');
    expect(alerted()).toBe(true);
    requests.set({ pending: 0 });
    // Not ours to close.
    expect(modal()).toMatchObject({ isOpen: true, current: { view: 'Account' } });
  });

  it('takes its alert down when disposed', async () => {
    const { state, stop, alerted } = await setup();
    state.set({ status: 'interrupted', since: Date.now() });
    stop();
    expect(alerted()).toBe(false);
  });
});
