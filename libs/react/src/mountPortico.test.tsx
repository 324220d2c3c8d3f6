// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountPortico } from './mountPortico';
import { createPortico } from './createPortico';

describe('mountPortico', () => {
  it('renders the connect button into a plain element, opens the modal, and unmounts', async () => {
    const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent' });
    const element = document.createElement('div');
    document.body.appendChild(element);
    let unmount!: () => void;
    await act(async () => {
      unmount = mountPortico(portico, element);
    });
    const button = element.querySelector('button.portico-connect-button') as HTMLButtonElement;
    expect(button.textContent).toBe('Connect Wallet');
    await act(async () => button.click());
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(true);
    await act(async () => unmount());
    expect(element.innerHTML).toBe('');
    await portico.dispose();
  });
});
