// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { ModalShell } from './ModalShell';

afterEach(cleanup);

/** The shell while open, as ModalRoot renders it (without the shadow root). */
function Shell() {
  const { isOpen } = useObservable(usePortico().kernel.router);
  return isOpen ? <ModalShell /> : null;
}

describe('render budget', () => {
  it('a whole connect flow re-renders the modal a bounded number of times', async () => {
    const { plugin } = acmeChain();
    const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin], storage: createMemoryStorage(), logLevel: 'silent' });
    await portico.start();
    const commits: Record<string, number> = {};
    let phase = 'open';
    render(
      <PorticoProvider portico={portico}>
        <Profiler id="modal" onRender={() => void (commits[phase] = (commits[phase] ?? 0) + 1)}>
          <Shell />
        </Profiler>
      </PorticoProvider>,
    );
    commits.open = 0;
    let closed: Promise<string> | undefined;
    await act(async () => {
      closed = portico.open();
    });
    // The first load of the modal chunk's module (transformed on demand here) can take a while on a busy machine.
    await screen.findByRole('button', { name: 'Acme Wallet' }, { timeout: 5000 });
    phase = 'connect';
    await act(async () => {
      await portico.connect('acme-wallet');
    });
    await expect(closed).resolves.toBe('connected');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Measured: 2 commits to open (the Connect view loads lazily) and 2 for the connect flow
    // (Connecting, then closed). A store that re-rendered on every event would blow these.
    expect(commits.open).toBeGreaterThan(0);
    expect(commits.open).toBeLessThanOrEqual(4);
    expect(commits.connect).toBeLessThanOrEqual(6);
    await portico.dispose();
  });
});
