import { ListItem, TextField } from '@portico/ui';
import { useDeferredValue, useState } from 'react';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** All Wallets: every connector not excluded, searchable by name. */
export default function AllWalletsView() {
  const portico = usePortico('AllWalletsView');
  const t = useT();
  const connectors = useObservable(portico.kernel.connectors);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const list = connectors.filter((c) => !portico.excludeWalletIds.has(c.id) && c.name.toLowerCase().includes(deferred));
  return (
    <div className="pt-stack">
      <TextField label={t('allWallets.search')} hideLabel type="search" placeholder={t('allWallets.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      {list.length === 0 ? <p className="pt-muted">{t('allWallets.empty')}</p> : null}
      <ul className="pt-list">
        {list.map((connector) => (
          <li key={connector.id}>
            <ListItem label={connector.name} imageSrc={connector.icon} onClick={() => void portico.connect(connector.id).catch(() => undefined)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
