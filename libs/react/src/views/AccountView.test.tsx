// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PorticoContext } from '../context/PorticoContext';
import { en, type Portico } from '@portico/core';
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { connectedToFlakyNode } from '../test/flakyNodeChain';
import AccountView from './AccountView';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The modal's chunk hands over the complete English; these tests render the view without it.
const mount = (portico: Portico) => {
  portico.i18n.provideEnglish(en);
  return render(
    <PorticoContext.Provider value={portico}>
      <AccountView />
    </PorticoContext.Provider>,
  );
};
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const balance = () => screen.getByTestId('account-balance');

describe('AccountView with the balance node down', () => {
  it('says the balance failed (not "…") when it was never read, and shows it once the node answers', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    node.up = false;
    mount(portico);
    expect(balance().textContent).toBe('…');
    await elapse(0);
    expect(balance().textContent).toBe('Unavailable');
    expect(screen.getByTestId('account-balance-error').textContent).toBe('Couldn’t load the balance: the network isn’t answering. Retrying…');
    expect(screen.queryByTestId('account-balance-stale')).toBeNull();
    node.up = true;
    await elapse(1_000);
    expect(balance().textContent).toBe('1.234 ACM');
    expect(screen.queryByTestId('account-balance-error')).toBeNull();
    await portico.dispose();
  });

  it('keeps the last known balance marked "last known" next to the message; the marker goes when it recovers', async () => {
    vi.useFakeTimers();
    const { portico, node } = await connectedToFlakyNode();
    const view = mount(portico);
    await elapse(0);
    expect(balance().textContent).toBe('1.234 ACM');
    view.unmount();
    node.up = false;
    await elapse(30_000);
    mount(portico);
    await elapse(0);
    expect(balance().textContent).toBe('1.234 ACM');
    expect(balance().getAttribute('data-stale')).toBe('true');
    expect(screen.getByTestId('account-balance-stale').textContent).toBe(' (last known)');
    expect(screen.getByTestId('account-balance-error').textContent).toBe('Couldn’t load the balance: the network isn’t answering. Retrying…');
    node.up = true;
    node.value = 2_000_000n;
    await elapse(1_000);
    expect(balance().textContent).toBe('2.000 ACM');
    expect(balance().hasAttribute('data-stale')).toBe(false);
    expect(screen.queryByTestId('account-balance-stale')).toBeNull();
    await portico.dispose();
  });

  it('a node error that is an answer (not an outage) gets the general sentence, never the raw message', async () => {
    const { portico, node } = await connectedToFlakyNode();
    node.refuses = 'header not found: block 0x1f2e is pruned';
    mount(portico);
    expect((await screen.findByTestId('account-balance-error')).textContent).toBe('Couldn’t load the balance. Retrying…');
    expect(document.body.textContent).not.toContain('header not found');
    await portico.dispose();
  });
});

describe('AccountView wallet buttons', () => {
  it("draws a button's icon as its manifest names it: an icon of the UI set, an https/data image, else the initial", async () => {
    const { plugin } = acmeChain();
    const buttons = definePlugin({
      manifest: {
        id: 'buttons',
        version: '1.0.0',
        kernel: '^0.1.0',
        contributes: {
          views: [{ id: 'Pay', title: 'Pay' }],
          walletButtons: [
            { id: 'pay', label: 'Pay', view: 'Pay', icon: 'send', order: 1 },
            { id: 'picture', label: 'Picture', view: 'Pay', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', order: 2 },
            { id: 'odd', label: 'Odd', view: 'Pay', icon: 'rocket', order: 3 },
          ],
        },
      },
    });
    const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin, buttons], storage: createMemoryStorage(), logLevel: 'silent' });
    await portico.start();
    await portico.connect('acme-wallet');
    mount(portico);
    const button = (id: string) => document.querySelector(`[data-wallet-button="${id}"]`)!;
    expect(button('pay').querySelector('[data-icon="send"] svg')).not.toBeNull();
    expect(button('picture').querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(button('odd').querySelector('svg, img')).toBeNull();
    expect(button('odd').textContent).toContain('O');
    // acme has one tab (Tokens): its content, no tab bar of one tab.
    expect(document.querySelector('[role="tablist"]')).toBeNull();
    expect(document.querySelector('section[data-account-section="tokens"]')?.getAttribute('aria-label')).toBe('Tokens');
    await portico.dispose();
  });

  it('shows a button limited to some connector types only while such a wallet is connected', async () => {
    const { plugin } = acmeChain();
    const buttons = definePlugin({
      manifest: {
        id: 'buttons',
        version: '1.0.0',
        kernel: '^0.1.0',
        contributes: {
          views: [{ id: 'Pay', title: 'Pay' }],
          walletButtons: [
            { id: 'everyone', label: 'Everyone', view: 'Pay', order: 1 },
            { id: 'announced', label: 'Announced', view: 'Pay', connectorTypes: ['ANNOUNCED', 'INJECTED'], order: 2 },
            { id: 'embedded', label: 'Embedded', view: 'Pay', connectorTypes: ['AUTH'], order: 3 },
          ],
        },
      },
    });
    const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin, buttons], storage: createMemoryStorage(), logLevel: 'silent' });
    await portico.start();
    await portico.connect('acme-wallet');
    mount(portico);
    const shown = [...document.querySelectorAll('[data-wallet-button]')].map((b) => b.getAttribute('data-wallet-button'));
    expect(shown).toEqual(['everyone', 'announced']);
    await portico.dispose();
  });
});
