import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/** The translate function, re-rendering when the locale changes. */
export function useT() {
  const { i18n } = usePortico('useT');
  const state = useObservable(i18n);
  return Object.assign(i18n.t, { dir: state.dir, locale: state.locale });
}
