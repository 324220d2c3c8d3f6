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
  it('joins the page before the first open with one hidden line in the modal font; the open takes it over, removes the line and adds no second host', async () => {
    const p = portico();
    render(<PorticoProvider portico={p} />);
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    const [host] = hosts();
    const warm = host!.shadowRoot!.querySelector('[aria-hidden="true"].pt-root') as HTMLElement;
    expect(warm.style.visibility).toBe('hidden');
    expect(warm.textContent).toContain('Connect Wallet');
    expect(host!.shadowRoot!.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => void p.open());
    await vi.waitFor(() => expect(host!.shadowRoot!.querySelector('[role="dialog"]')).not.toBeNull());
    expect(hosts()).toEqual([host]);
    expect(host!.shadowRoot!.querySelector('[aria-hidden="true"].pt-root')).toBeNull();
    await p.dispose();
  });

  it('leaves the page with the kernel when the modal never opened', async () => {
    const p = portico();
    render(<PorticoProvider portico={p} />);
    await vi.waitFor(() => expect(hosts()).toHaveLength(1), { timeout: 3_000 });
    await p.dispose();
    expect(hosts()).toHaveLength(0);
  });
});
