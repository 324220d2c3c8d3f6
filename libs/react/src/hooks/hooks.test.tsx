// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectButton } from '../components/ConnectButton';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../portico/createPortico';
import { useAccount } from './useAccount';
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
