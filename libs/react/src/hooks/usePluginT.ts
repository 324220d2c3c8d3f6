import { useMemo } from 'react';
import { translateWith, type PluginMessages } from '@portico/core';
import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/**
 * `useT` for a plugin's view with its own catalogue (`messages`, shipped in the view's chunk):
 * its keys are read there first (the locale in use, then its English), any other key in the
 * modal's catalogue. Re-renders when the locale changes.
 */
export function usePluginT(messages: PluginMessages) {
  const { i18n } = usePortico('usePluginT');
  const state = useObservable(i18n);
  const t = useMemo(() => translateWith(i18n.t, messages, state.loaded), [i18n, messages, state.loaded]);
  return Object.assign(t, { dir: state.dir, locale: state.locale });
}
