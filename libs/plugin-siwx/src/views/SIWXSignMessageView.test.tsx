// @vitest-environment happy-dom
import { en, PorticoProvider } from '@portico/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupSiwx } from '../test/setupSiwx';
import SIWXSignMessageView from './SIWXSignMessageView';

afterEach(cleanup);

async function mounted(options: Parameters<typeof setupSiwx>[0] = {}) {
  const s = await setupSiwx(options);
  // The modal's chunk hands over the complete English; this renders the view without it.
  s.portico.i18n.provideEnglish(en);
  render(
    <PorticoProvider portico={s.portico}>
      <SIWXSignMessageView />
    </PorticoProvider>,
  );
  await act(async () => {
    await s.portico.connect('test-wallet');
  });
  await waitFor(() => expect(screen.getByTestId('siwx-message')).toBeTruthy());
  return s;
}

describe('SIWXSignMessageView', () => {
  it('shows the message as text, never HTML, with Sign and Cancel', async () => {
    const s = await mounted({ statement: '<img src=x onerror=alert(1)> Sign in' });
    const pre = screen.getByTestId('siwx-message');
    expect(pre.textContent).toBe(s.service.state.getSnapshot().message);
    expect(pre.textContent).toContain('<img src=x onerror=alert(1)> Sign in');
    expect(pre.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    cleanup();
    await s.portico.dispose();
  });

  it('shows Authenticating... while the wallet signs, then "Signature declined" when it refuses', async () => {
    const s = await mounted();
    s.behaviour.decline = true;
    let release!: () => void;
    s.behaviour.gate = new Promise<void>((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.getByText('Authenticating...')).toBeTruthy());
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Signature declined'));
    expect(screen.queryByText('Authenticating...')).toBeNull();
    cleanup();
    await s.portico.dispose();
  });

  it('Cancel with required sign-in disconnects the wallet', async () => {
    const s = await mounted({ required: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(s.portico.kernel.connection.get('eip155').status).toBe('disconnected'));
    cleanup();
    await s.portico.dispose();
  });
});

describe('SIWXSignMessageView after a failure', () => {
  it('a wallet rejecting with a plain object: "Signature declined" in words, never "[object Object]"; signing again clears it', async () => {
    const s = await mounted();
    s.behaviour.rejectWith = { code: 4001, message: 'User denied message signature', data: { nested: { deep: true } } };
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Signature declined'));
    expect(screen.getByRole('alert').textContent).toContain('You declined the request.');
    expect(document.body.textContent).not.toContain('[object Object]');
    s.behaviour.rejectWith = undefined;
    let release!: () => void;
    s.behaviour.gate = new Promise<void>((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.getByText('Authenticating...')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(s.portico.kernel.router.getSnapshot().isOpen).toBe(false));
    cleanup();
    await s.portico.dispose();
  });

  it('a wallet with a request already open says where to look', async () => {
    const s = await mounted();
    s.behaviour.rejectWith = { code: -32002, message: "Request of type 'personal_sign' already pending for origin. Please wait." };
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Open your wallet: a request is already waiting'));
    cleanup();
    await s.portico.dispose();
  });
});
