// @vitest-environment happy-dom
import { loadOnce } from '@portico/kernel';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoaded } from './useLoaded';
import { useStepFocus } from './useStepFocus';

afterEach(cleanup);

function Shows({ loader }: { loader: Parameters<typeof useLoaded<string>>[0] }) {
  const value = useLoaded(loader);
  return <p data-testid="value">{value === undefined ? 'loading' : value instanceof Error ? `error: ${value.message}` : value}</p>;
}

describe('useLoaded', () => {
  it('is undefined while loading, then the value; at once when the loader already holds it', async () => {
    let resolve!: (v: string) => void;
    const loader = loadOnce(() => new Promise<string>((r) => (resolve = r)));
    render(<Shows loader={loader} />);
    expect(screen.getByTestId('value').textContent).toBe('loading');
    await act(async () => resolve('ready'));
    expect(screen.getByTestId('value').textContent).toBe('ready');
    cleanup();
    render(<Shows loader={loader} />);
    expect(screen.getByTestId('value').textContent).toBe('ready');
  });

  it('gives the error a loader rejects with', async () => {
    render(<Shows loader={loadOnce(() => Promise.reject(new Error('bad options')))} />);
    expect(await screen.findByText('error: bad options')).toBeTruthy();
  });
});

function Steps() {
  const [step, setStep] = useState<'form' | 'review'>('form');
  const root = useStepFocus(step);
  return step === 'form' ? (
    <div ref={root}>
      <input aria-label="amount" />
      <button onClick={() => setStep('review')}>Review</button>
    </div>
  ) : (
    <div ref={root}>
      <button disabled>Disabled</button>
      <button onClick={() => setStep('form')}>Back</button>
    </div>
  );
}

describe('useStepFocus', () => {
  it('moves focus to the new step’s first enabled control, not on the first render', () => {
    render(<Steps />);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByText('Review'));
    expect(document.activeElement?.textContent).toBe('Back');
    fireEvent.click(screen.getByText('Back'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('amount');
  });
});
