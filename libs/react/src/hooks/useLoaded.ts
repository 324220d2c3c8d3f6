import type { Loader } from '@portico/kernel';
import { useEffect, useState } from 'react';

/**
 * What a `loadOnce` loader gives (a plugin's settings, say): the value once loaded (at once when
 * it already is), undefined while it loads, or the error it rejected with. Loads it on mount.
 */
export function useLoaded<T>(loader: Loader<T> | undefined): T | Error | undefined {
  const [loaded, setLoaded] = useState<T | Error | undefined>(loader?.current);
  useEffect(() => {
    if (!loader || loader.current !== undefined) return;
    let live = true;
    loader().then(
      (value) => live && setLoaded(value),
      (error: unknown) => live && setLoaded(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [loader]);
  return loader?.current ?? loaded;
}
