import { CONTRIBUTION_POINTS, type Kernel, type Observable } from '@portico/kernel';
import { useEffect, useState, useSyncExternalStore } from 'react';

function useObservable<S>(source: Observable<S>): S {
  return useSyncExternalStore(
    (listener) => source.subscribe(listener),
    () => source.getSnapshot(),
  );
}

const LOGGED = ['plugin:activated', 'plugin:failed', 'plugin:disposed', 'flag:changed', 'view:changed', 'modal:opened', 'modal:closed'] as const;

/** The kernel inspector: plugins, flags (toggle at run time), contributions, events. */
export function App({ kernel }: { kernel: Kernel }) {
  const plugins = useObservable(kernel.plugins);
  const flags = useObservable(kernel.flags);
  const contributions = useObservable(kernel.contributions);
  const [log, setLog] = useState<string[]>([]);

  useEffect(() => {
    const offs = LOGGED.map((name) =>
      kernel.events.on(name, (payload) => setLog((lines) => [`${name} ${JSON.stringify(payload)}`, ...lines].slice(0, 50))),
    );
    return () => offs.forEach((off) => off());
  }, [kernel]);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24, display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
      <h1 style={{ gridColumn: '1 / -1', margin: 0 }}>Portico playground</h1>
      <section aria-labelledby="plugins-title">
        <h2 id="plugins-title">Plugins</h2>
        <ul>
          {plugins.map((p) => (
            <li key={p.id}>
              <code>{p.id}</code> {p.version} — <strong>{p.status}</strong>
              {p.disabledBy ? ` (flag ${p.disabledBy} off)` : ''}
              {p.error ? <div role="alert">{p.error.message}</div> : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="flags-title">
        <h2 id="flags-title">Feature flags</h2>
        {[...flags.values()].map((flag) => (
          <div key={flag.id}>
            <label>
              <input type="checkbox" checked={flag.value} onChange={(e) => kernel.setFeature(flag.id, e.target.checked)} /> {flag.id}
            </label>{' '}
            <small>
              ({flag.source}
              {flag.owner ? `, ${flag.owner}` : ''})
            </small>
          </div>
        ))}
      </section>
      <section aria-labelledby="contributions-title">
        <h2 id="contributions-title">Contributions</h2>
        {CONTRIBUTION_POINTS.map((point) => (
          <p key={point}>
            <strong>{point}</strong>: {contributions[point].map((c) => c.id).join(', ') || '—'}
          </p>
        ))}
      </section>
      <section aria-labelledby="events-title">
        <h2 id="events-title">Events</h2>
        <ol reversed>
          {log.map((line, i) => (
            <li key={`${log.length - i}`}>
              <code>{line}</code>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
