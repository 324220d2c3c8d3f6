// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';
import ApproveTransactionView from './ApproveTransactionView';

afterEach(cleanup);

/** A namespace whose signing and sending need the approval view (a wallet without its own UI). */
const gatedChain = definePlugin({
  manifest: {
    id: 'chain-gated',
    version: '1.0.0',
    kernel: '^0.1.0',
    namespaces: [{ id: 'gated', name: 'Gated', defaultAccountType: 'eoa' }],
    contributes: { rpcPolicies: [{ id: 'gated-rpc', namespace: 'gated', safe: ['gated_get*'], confirm: ['gated_send*'] }] },
  },
});

async function setUp() {
  const portico = createPortico({ projectId: 'p', networks: [], plugins: [gatedChain], storage: createMemoryStorage(), logLevel: 'silent' });
  await portico.start();
  render(
    <PorticoProvider portico={portico}>
      <ApproveTransactionView />
    </PorticoProvider>,
  );
  return portico;
}

/** Sends a request that needs approval, approves it on the view, and returns how the host's promise ended. */
async function approveFailing(portico: Awaited<ReturnType<typeof setUp>>, send: () => Promise<unknown>) {
  const outcome = portico.kernel.requestGate.request('gated', { method: 'gated_sendTransaction', params: [{ to: 'x' }] }, send).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy());
  await act(async () => screen.getByRole('button', { name: 'Approve' }).click());
  return outcome;
}

describe('ApproveTransactionView when an approved request fails', () => {
  it('a wallet that throws a plain object: its meaning in words, never "[object Object]"', async () => {
    const portico = await setUp();
    const thrown = { code: -32002, message: "Request of type 'eth_sendTransaction' already pending. Please wait.", data: { x: { y: 1 } } };
    const outcome = await approveFailing(portico, () => Promise.reject(thrown));
    expect(outcome).toBe(thrown);
    await waitFor(() => expect(screen.getByTestId('approve-failed')).toBeTruthy());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Request already waiting');
    expect(alert.textContent).toContain('Open your wallet: a request is already waiting');
    expect(screen.getByText('The request you approved did not go through.')).toBeTruthy();
    expect(screen.getByTestId('approve-method').textContent).toBe('gated_sendTransaction');
    expect(document.body.textContent).not.toContain('[object Object]');
    expect(portico.kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction' } });
    await portico.dispose();
  });

  it('a dead RPC (a real refused fetch): "The network isn\'t answering"; Close clears it and closes the modal', async () => {
    const portico = await setUp();
    const outcome = await approveFailing(portico, async () => (await fetch('http://127.0.0.1:9/', { method: 'POST' })).json());
    expect(outcome).not.toBe('resolved');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("The network isn't answering"));
    expect(screen.queryByText(/fetch failed/)).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Close' }).click());
    expect(portico.kernel.requestGate.getSnapshot().failed).toBeUndefined();
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(false);
    await portico.dispose();
  });

  it('a send that succeeds leaves no failure behind', async () => {
    const portico = await setUp();
    const outcome = await approveFailing(portico, async () => '0xhash');
    expect(outcome).toBe('resolved');
    expect(screen.queryByTestId('approve-failed')).toBeNull();
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(false);
    await portico.dispose();
  });
});
