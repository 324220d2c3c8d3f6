// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectButton } from '../components/ConnectButton';
import { PorticoContext } from '../context/PorticoContext';
import { PorticoProvider } from '../context/PorticoProvider';
import { type Portico } from '@portico/core';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { createPortico } from '../createPortico';
import { connectedToFlakyNode } from '../test/flakyNodeChain';
import { useAccount } from './useAccount';
import { useBalance } from './useBalance';
import { useIdentity } from './useIdentity';
import { useModal } from './useModal';
import { OutsideProviderError } from './usePortico';

afterEach(cleanup);

function Probe() {
  const { isOpen, view } = useModal();
  const { status } = useAccount();
  return <p data-testid="probe">{`${String(isOpen)} ${view} ${status}`}</p>;
}

describe('hooks and components', () => {
  it('throw an error that names the hook when used outside the provider', () => {
    expect(() => render(<Probe />)).toThrow(OutsideProviderError);
    expect(() => render(<ConnectButton />)).toThrow('ConnectButton must be used inside <PorticoProvider portico={…}>');
  });

  it('read kernel state and follow it', async () => {
    const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent' });
    render(
      <PorticoProvider portico={portico}>
        <ConnectButton />
        <Probe />
      </PorticoProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('false Connect disconnected');
    expect(screen.getByRole('button', { name: 'Connect Wallet' }).getAttribute('aria-haspopup')).toBe('dialog');
    await act(async () => {
      screen.getByRole('button', { name: 'Connect Wallet' }).click();
    });
    expect(screen.getByTestId('probe').textContent).toBe('true Connect disconnected');
    await act(async () => {
      portico.close();
    });
    expect(screen.getByTestId('probe').textContent).toBe('false Connect disconnected');
    await portico.dispose();
  });
});

function BalanceProbe({ refetchInterval }: { refetchInterval?: number }) {
  const { data, error, isLoading, isStale } = useBalance(refetchInterval === undefined ? undefined : { refetchInterval });
  return <p data-testid="balance">{`${data?.value ?? '-'} ${error ? error.name : 'ok'} loading=${isLoading} stale=${isStale}`}</p>;
}

const mount = (portico: Portico, refetchInterval?: number) =>
  render(
    <PorticoContext.Provider value={portico}>
      <BalanceProbe {...(refetchInterval === undefined ? {} : { refetchInterval })} />
    </PorticoContext.Provider>,
  );
const shown = () => screen.getByTestId('balance').textContent;
/** Lets the fake clock run `ms` inside act, so React sees what the reads did. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useBalance against a node that goes down', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the failure (no value yet), retries with backoff while mounted and recovers by itself', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    node.up = false;
    mount(portico);
    expect(shown()).toBe('- ok loading=true stale=false');
    await elapse(0);
    expect(shown()).toBe('- RpcUnavailableError loading=false stale=false');
    await elapse(1_000 + 2_000);
    expect(node.reads).toBe(3);
    node.up = true;
    await elapse(3_999);
    expect(shown()).toBe('- RpcUnavailableError loading=false stale=false');
    await elapse(1);
    expect(node.reads).toBe(4);
    expect(shown()).toBe('1234567 ok loading=false stale=false');
    await portico.dispose();
  });

  it('keeps the last known balance, marked stale, when a refresh fails', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    const view = mount(portico);
    await elapse(0);
    expect(shown()).toBe('1234567 ok loading=false stale=false');
    view.unmount();
    node.up = false;
    await elapse(30_000);
    // Opened again once the cached value has expired: a refresh, which fails.
    mount(portico);
    await elapse(0);
    expect(shown()).toBe('1234567 RpcUnavailableError loading=false stale=true');
    node.up = true;
    node.value = 7_000_000n;
    await elapse(1_000);
    expect(shown()).toBe('7000000 ok loading=false stale=false');
    await portico.dispose();
  });

  it('with refetchInterval: read again while mounted, marked stale at the first failed poll, recovered within one interval; unmounting stops it', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    const before = vi.getTimerCount();
    const view = mount(portico, 4_000);
    await elapse(0);
    expect(shown()).toBe('1234567 ok loading=false stale=false');
    node.value = 2_000_000n;
    await elapse(4_000);
    expect(shown()).toBe('2000000 ok loading=false stale=false');
    node.up = false;
    await elapse(4_000);
    expect(shown()).toBe('2000000 RpcUnavailableError loading=false stale=true');
    // Backed off to 4 s (the interval), not 8 s or 16 s.
    await elapse(1_000 + 2_000 + 4_000 + 4_000);
    node.up = true;
    node.value = 5n;
    const reads = node.reads;
    await elapse(4_000);
    expect(node.reads).toBe(reads + 1);
    expect(shown()).toBe('5 ok loading=false stale=false');
    view.unmount();
    expect(vi.getTimerCount()).toBe(before);
    await elapse(60_000);
    expect(node.reads).toBe(reads + 1);
    await portico.dispose();
  });

  it('stops retrying once unmounted: no timer left, no more reads', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    // The kernel's own timers, which are not ours to count.
    const before = vi.getTimerCount();
    node.up = false;
    const view = mount(portico);
    await elapse(1_000);
    expect(node.reads).toBe(2);
    expect(vi.getTimerCount()).toBe(before + 1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(before);
    await elapse(120_000);
    window.dispatchEvent(new Event('online'));
    expect(node.reads).toBe(2);
    await portico.dispose();
  });

  it('retries at once when the browser is back online', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    node.up = false;
    mount(portico);
    await elapse(1_000 + 2_000 + 4_000 + 8_000);
    expect(node.reads).toBe(5);
    node.up = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await elapse(0);
    expect(node.reads).toBe(6);
    expect(shown()).toBe('1234567 ok loading=false stale=false');
    await portico.dispose();
  });
});

function IdentityProbe() {
  const { data, error, status } = useIdentity();
  return <p data-testid="identity">{`${data?.name ?? '-'} ${status} ${error?.message ?? 'ok'}`}</p>;
}

describe('useIdentity', () => {
  it('reports a failed name lookup as an error (the address is shown instead), and the name once a retry finds it', async () => {
    const behaviour = { identityFails: true, identity: { name: 'alice.acme' } };
    const { plugin } = acmeChain(behaviour);
    const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent', networks: acmeNetworks, plugins: [plugin] });
    await portico.start();
    await portico.connect('acme-wallet');
    vi.useFakeTimers();
    try {
      render(
        <PorticoContext.Provider value={portico}>
          <IdentityProbe />
        </PorticoContext.Provider>,
      );
      await elapse(0);
      expect(screen.getByTestId('identity').textContent).toBe('- error name service unreachable');
      behaviour.identityFails = false;
      await elapse(1_000);
      expect(screen.getByTestId('identity').textContent).toBe('alice.acme success ok');
    } finally {
      cleanup();
      vi.useRealTimers();
      await portico.dispose();
    }
  });
});
