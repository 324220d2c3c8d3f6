import { PorticoError } from '@portico/kernel';
import { useContext } from 'react';
import { PorticoContext } from '../context/PorticoContext';
import type { Portico } from '@portico/core';

/** Thrown by every hook used outside `<PorticoProvider>`. */
export class OutsideProviderError extends PorticoError {
  override name = 'OutsideProviderError';
  constructor(hook: string) {
    super(`${hook} must be used inside <PorticoProvider portico={…}>`, { code: 'react/outside-provider' });
  }
}

/** The Portico instance of the nearest provider. */
export function usePortico(hook = 'usePortico'): Portico {
  const portico = useContext(PorticoContext);
  if (!portico) throw new OutsideProviderError(hook);
  return portico;
}
