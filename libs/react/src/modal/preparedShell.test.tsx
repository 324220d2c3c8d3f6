// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';

afterEach(cleanup);

const shadow = () => document.querySelector('[data-portico-modal]')?.shadowRoot ?? null;
const shells = () => [...(shadow()?.querySelectorAll<HTMLElement>('.pt-root:has([role="dialog"])') ?? [])];
const dialogOf = (shell: HTMLElement) => shell.querySelector<HTMLElement>('[role="dialog"]')!;
/** The shell prepared ahead of a click, once it is there. */
async function preparedShell(): Promise<HTMLElement> {
  await vi.waitFor(() => expect(shells().filter((s) => s.hasAttribute('data-prepared'))).toHaveLength(1), { timeout: 5000 });
  return shells()[0]!;
}

/** A feature plugin with a view that asks to be prefetched, recording its loads. */
function prefetchingPlugin(loads: string[]) {
  return definePlugin({
    manifest: { id: 'feature', version: '1.0.0', kernel: '*', contributes: { views: [{ id: 'FeatureView', title: 'F', prefetch: true }] } },
    views: { FeatureView: async () => (loads.push('FeatureView'), { default: () => null }) },
  });
}

function setup(extra: ReturnType<typeof prefetchingPlugin>[] = [], behaviour: Parameters<typeof acmeChain>[0] = {}) {
  const { plugin } = acmeChain(behaviour);
  const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin, ...extra], storage: createMemoryStorage(), logLevel: 'silent' });
  return portico;
}

describe('the shell prepared ahead of the click (#41)', () => {
  it('is rendered hidden, inert and out of the accessibility tree on the entry view, and fetches nothing a view asks to prefetch', async () => {
    const loads: string[] = [];
    const portico = setup([prefetchingPlugin(loads)]);
    await portico.start();
    render(
      <PorticoProvider portico={portico}>
        <button type="button">page</button>
      </PorticoProvider>,
    );
    // A wallet whose icon is on the network, and one whose icon is inline.
    portico.kernel.connectors.register({ id: 'far-wallet', name: 'Far Wallet', type: 'ANNOUNCED', namespaces: ['acme'], icon: 'https://wallet.example/far.png' }, 'acme');
    portico.kernel.connectors.register({ id: 'near-wallet', name: 'Near Wallet', type: 'ANNOUNCED', namespaces: ['acme'], icon: 'data:image/png;base64,AAAA' }, 'acme');
    const shell = await preparedShell();
    await vi.waitFor(() => expect(shell.textContent).toContain('Far Wallet'));
    const images = () => [...shell.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    // Nothing requested from the network before an open; the inline image is drawn already.
    expect(images()).toEqual(['data:image/png;base64,AAAA']);
    expect(getComputedStyle(shell).visibility).toBe('hidden');
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(shell.getAttribute('aria-hidden')).toBe('true');
    expect(dialogOf(shell).getAttribute('data-view')).toBe('Connect');
    // The view is rendered, so the click has nothing to render or lay out for the first time.
    expect(shell.textContent).toContain('Acme Wallet');
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(false);
    // Prefetching waits for the first open: a visitor who never opens the modal fetches nothing.
    expect(loads).toEqual([]);
    await act(async () => void portico.open());
    expect(images().sort()).toEqual(['data:image/png;base64,AAAA', 'https://wallet.example/far.png']);
    await vi.waitFor(() => expect(loads).toEqual(['FeatureView']), { timeout: 5000 });
    await portico.dispose();
  });

  it('is the dialog the open shows: the same element, visible, with focus moved in, and focus back on the opener when it closes', async () => {
    const portico = setup();
    await portico.start();
    render(
      <PorticoProvider portico={portico}>
        <button type="button">opener</button>
      </PorticoProvider>,
    );
    const shell = await preparedShell();
    const prepared = dialogOf(shell);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    let closed: Promise<string> | undefined;
    await act(async () => {
      closed = portico.open();
    });
    expect(shells()).toEqual([shell]);
    expect(dialogOf(shell)).toBe(prepared);
    expect(shell.hasAttribute('data-prepared')).toBe(false);
    expect(shell.hasAttribute('inert')).toBe(false);
    expect(shell.hasAttribute('aria-hidden')).toBe(false);
    expect(getComputedStyle(shell).visibility).not.toBe('hidden');
    expect(prepared.contains(shadow()!.activeElement)).toBe(true);
    await act(async () => void portico.kernel.router.close('cancelled'));
    await expect(closed).resolves.toBe('cancelled');
    expect(document.activeElement).toBe(opener);
    await portico.dispose();
  });

  it('is made anew for each opening: the one that was open leaves with the close, and a fresh one is prepared when idle', async () => {
    const portico = setup();
    await portico.start();
    render(<PorticoProvider portico={portico} />);
    const first = await preparedShell();
    await act(async () => void portico.open());
    await act(async () => void portico.kernel.router.close('cancelled'));
    // Gone with the close (its views' state with it), not hidden again.
    expect(first.isConnected).toBe(false);
    const second = await preparedShell();
    expect(second).not.toBe(first);
    await portico.dispose();
  });

  it('is not prepared while the open would show another view (a connected account opens on Account)', async () => {
    const portico = setup();
    await portico.start();
    render(<PorticoProvider portico={portico} />);
    await preparedShell();
    await act(async () => void (await portico.connect('acme-wallet')));
    expect(portico.kernel.router.entry()).toBe('Account');
    await vi.waitFor(() => expect(shells()).toHaveLength(0));
    // Not even later, when idle.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shells()).toHaveLength(0);
    await act(async () => void portico.open());
    await vi.waitFor(() => expect(dialogOf(shells()[0]!).getAttribute('data-view')).toBe('Account'), { timeout: 5000 });
    await portico.dispose();
  }, 15_000);

  it("comes back after a host's own connect() fails while the modal is closed, and the open shows Connect, not the failed attempt", async () => {
    const portico = setup([], { decline: true });
    await portico.start();
    render(<PorticoProvider portico={portico} />);
    await preparedShell();
    await act(async () => void (await portico.connect('acme-wallet').catch(() => undefined)));
    expect(portico.kernel.connection.get('acme').status).toBe('disconnected');
    expect(portico.kernel.router.getSnapshot().stack.map((entry) => entry.view)).toEqual(['Connect']);
    const shell = await preparedShell();
    await act(async () => void portico.open());
    expect(dialogOf(shell).getAttribute('data-view')).toBe('Connect');
    expect(shell.hasAttribute('data-prepared')).toBe(false);
    await portico.dispose();
  }, 15_000);
});
