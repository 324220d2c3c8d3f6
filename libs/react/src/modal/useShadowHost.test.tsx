// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';

afterEach(cleanup);

const hosts = () => [...document.querySelectorAll('[data-portico-modal]')];
const portico = () => createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [acmeChain().plugin], storage: createMemoryStorage(), logLevel: 'silent' });

describe('the modal host made while idle (#41)', () => {
  it('joins the page before the first open, once the modal chunk has loaded, and the open adds no second host', async () => {
    const p = portico();
    render(<PorticoProvider portico={p} />);
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    const [host] = hosts();
    expect(p.kernel.router.getSnapshot().isOpen).toBe(false);
    await act(async () => void p.open());
    await vi.waitFor(() => expect(host!.shadowRoot!.querySelector('.pt-root:not([data-prepared]) [role="dialog"]')).not.toBeNull());
    expect(hosts()).toEqual([host]);
    await p.dispose();
  });

  it('comes back for the next instance a provider is given after the first was disposed', async () => {
    const first = portico();
    const { rerender } = render(<PorticoProvider portico={first} />);
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    await act(async () => void (await first.dispose()));
    expect(hosts()).toHaveLength(0);
    const next = portico();
    rerender(<PorticoProvider portico={next} />);
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    // The modal's module made ready for this instance too: its English catalogue (beyond the buttons' words) is in.
    await vi.waitFor(() => expect(next.i18n.t('modal.close')).toBe('Close'));
    await act(async () => void next.open());
    await vi.waitFor(() => expect(hosts()[0]!.shadowRoot!.querySelector('.pt-root:not([data-prepared]) [role="dialog"]')).not.toBeNull());
    await next.dispose();
  });

  it('gives focus back to the opener when the kernel is disposed while the modal is open', async () => {
    const p = portico();
    render(
      <PorticoProvider portico={p}>
        <button type="button">opener</button>
      </PorticoProvider>,
    );
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    const opener = [...document.querySelectorAll('button')].find((b) => b.textContent === 'opener')!;
    opener.focus();
    await act(async () => void p.open());
    await vi.waitFor(() => expect(hosts()[0]!.shadowRoot!.activeElement).not.toBeNull());
    await act(async () => void (await p.dispose()));
    expect(hosts()).toHaveLength(0);
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the page with the kernel, whether or not the modal opened', async () => {
    for (const opened of [false, true]) {
      const p = portico();
      const { unmount } = render(<PorticoProvider portico={p} />);
      await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
      if (opened) await act(async () => void p.open());
      await act(async () => void (await p.dispose()));
      expect(hosts()).toHaveLength(0);
      unmount();
    }
  });
});
