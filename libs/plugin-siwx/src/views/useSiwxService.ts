import { useObservable, usePortico } from '@portico/react';
import { siwxServiceRef, type SiwxService, type SiwxState } from '../api';
import { SiwxNotEnabledError } from '../siwxErrors';

/** The sign-in service and its state, for the plugin's views. Throws `SIWX is not enabled` when inactive. */
export function useSiwxService(): { service: SiwxService; state: SiwxState } {
  const { kernel } = usePortico('useSiwxService');
  if (!kernel.hasService(siwxServiceRef)) throw new SiwxNotEnabledError();
  const service = kernel.getService(siwxServiceRef);
  const state = useObservable(service.state);
  return { service, state };
}
