// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { connectedToFlakyNode } from '../test/flakyNodeChain';
import { ConnectButton } from './ConnectButton';
import { NetworkButton } from './NetworkButton';

// Server rendering (Next.js, issue #19): the server knows no connection (it lives in the
// visitor's storage), so a page whose browser restores one must still hydrate without a
// mismatch, and show the connection right after.

describe('the host buttons under server rendering and hydration', () => {
  it('render as disconnected on the server, hydrate without a mismatch over a restored connection, then show it', async () => {
    const { portico } = await connectedToFlakyNode();
    expect(portico.kernel.connection.get('acme').status).toBe('connected');
    const app = (
      <PorticoProvider portico={portico}>
        <ConnectButton />
        <NetworkButton />
      </PorticoProvider>
    );
    // What the server sent: the same app, no connection known.
    const html = renderToString(app);
    expect(html).toContain('Connect Wallet');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // Hydrated, then the connection the browser restored.
    expect(container.querySelector('.portico-connect-button')!.textContent).not.toBe('Connect Wallet');
    expect(container.querySelector('.portico-connect-button')!.textContent).toMatch(/^abcd/);
    container.remove();
    await portico.dispose();
  });
});
