import { CONTRIBUTION_POINTS } from '@portico/kernel';
import { useState } from 'react';
import { useObservable, usePorticoEvent, type Portico } from '@portico/react';

/** Live kernel state: plugins, contributions, connection, and the event log. */
export function Inspector({ portico }: { portico: Portico }) {
  const plugins = useObservable(portico.kernel.plugins);
  const contributions = useObservable(portico.kernel.contributions);
  const connection = useObservable(portico.kernel.connection);
  const [log, setLog] = useState<string[]>([]);
  const add = (name: string) => (payload: unknown) => setLog((lines) => [`${new Date().toISOString().slice(11, 23)} ${name} ${JSON.stringify(payload, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`, ...lines].slice(0, 60));
  usePorticoEvent('plugin:failed', add('plugin:failed'));
  usePorticoEvent('modal:opened', add('modal:opened'));
  usePorticoEvent('modal:closed', add('modal:closed'));
  usePorticoEvent('view:changed', add('view:changed'));
  usePorticoEvent('account:connected', add('account:connected'));
  usePorticoEvent('account:disconnected', add('account:disconnected'));
  usePorticoEvent('network:switched', add('network:switched'));
  usePorticoEvent('flag:changed', add('flag:changed'));
  usePorticoEvent('rpc:approval-requested', add('rpc:approval-requested'));
  usePorticoEvent('rpc:rejected', add('rpc:rejected'));
  return (
    <section aria-labelledby="inspector-title" className="card">
      <h2 id="inspector-title">Inspector</h2>
      <h3>Plugins</h3>
      <ul>
        {plugins.map((p) => (
          <li key={p.id}>
            <code>{p.id}</code> {p.version} — <strong>{p.status}</strong>
            {p.disabledBy ? ` (flag ${p.disabledBy} off)` : ''}
            {p.error ? <div role="alert">{p.error.message}</div> : null}
          </li>
        ))}
      </ul>
      <h3>Contributions</h3>
      {CONTRIBUTION_POINTS.map((point) => (
        <p key={point}>
          <strong>{point}</strong>: {contributions[point].map((c) => c.id).join(', ') || '—'}
        </p>
      ))}
      <h3>Connection</h3>
      <pre data-testid="inspector-connection">{JSON.stringify(connection, null, 2)}</pre>
      <h3>Events</h3>
      <ol reversed data-testid="event-log">
        {log.map((line, i) => (
          <li key={log.length - i}>
            <code>{line}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
