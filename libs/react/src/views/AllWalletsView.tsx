import type { RegisteredConnector } from '@portico/kernel';
import { directoryVia, installedConnector, type RegistryWallet } from '@portico/core';
import { AlertBanner, ListItem, Spinner, TextField } from '@portico/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorBanner } from '../errors/ErrorBanner';
import { useLegalGate } from '../hooks/useLegalGate';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import { LegalConsent } from './LegalConsent';

/** The spec's default debounce for search as you type. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Registry page size (the explorer API's maximum). */
const PAGE_SIZE = 100;
/** Row pitch: a 52 px list item and the list's 6 px gap. */
const ROW_HEIGHT = 58;

type Row = { kind: 'connector'; connector: RegisteredConnector } | { kind: 'wallet'; wallet: RegistryWallet | undefined };

/**
 * All Wallets: the installed wallets, then every registry wallet for the app's networks, in a
 * virtualized list (rows exist only while visible, images load lazily with the 2 s placeholder
 * fallback), searched as you type (500 ms debounce), with arrow keys, Home and End moving
 * between rows. A registry wallet that is installed connects directly; the others through
 * WalletConnect (QR code or the wallet's deep link). Contested wallets (another one claims
 * the same identity) are left to the Connect view, which warns before connecting them.
 */
export default function AllWalletsView() {
  const portico = usePortico('AllWalletsView');
  const t = useT();
  // A host can open this view directly: the terms gate of the Connect view holds here too.
  const legal = useLegalGate();
  const reasonId = useId();
  const { directory, kernel } = portico;
  const connectors = useObservable(kernel.connectors);
  // Registry wallets are reached through WalletConnect: without it, only installed wallets are
  // listed, and with it only wallets for namespaces its sessions carry.
  const via = connectors.find((c) => c.id === directoryVia(kernel));
  const client = via ? directory.registry : undefined;
  const viaNamespaces = via?.namespaces.join(',');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [registry, setRegistry] = useState<{ search: string; count: number; pages: Map<number, RegistryWallet[]> }>({ search: '', count: 0, pages: new Map() });
  /** A failed registry load (described at render, in the current language) or a sentence of this view's own. */
  const [error, setError] = useState<{ failure: unknown } | { title: string }>();
  const [loading, setLoading] = useState(!!client);
  /** The row Tab lands on (roving tabindex): the last one focused. */
  const [active, setActive] = useState(0);
  const inFlight = useRef(new Set<string>());
  const scroller = useRef<HTMLDivElement>(null);

  // Debounce: the registry is asked 500 ms after the last keystroke (at once when cleared).
  useEffect(() => {
    const next = query.trim();
    if (next === search) return;
    const timer = setTimeout(() => setSearch(next), next === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const namespaces = useMemo(() => new Set(directory.chains().map((c) => c.split(':')[0]!)), [directory]);
  const installed = useMemo(() => {
    const needle = search.toLowerCase();
    return connectors.filter(
      (c) =>
        !c.via &&
        // Embedded wallets (e-mail, socials) are reached through their connect method, not listed as
        // wallets: here as on the Connect view (and whether or not their plugin has activated yet).
        c.type !== 'AUTH' &&
        // A contested wallet is chosen on the Connect view, where its warning and confirmation are.
        !c.contested &&
        c.type !== 'WALLET_CONNECT' &&
        !directory.excludeWalletIds.has(c.id) &&
        !(c.rdns && directory.excludeWalletIds.has(c.rdns)) &&
        (namespaces.size === 0 || c.namespaces.some((ns) => namespaces.has(ns))) &&
        c.name.toLowerCase().includes(needle),
    )
      // By name: wallets announce themselves in no fixed order, and the list should not shuffle between visits.
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [connectors, directory, namespaces, search]);

  const loadPage = (page: number, forSearch: string) => {
    const key = `${forSearch}\u0000${page}`;
    if (!client || inFlight.current.has(key)) return;
    inFlight.current.add(key);
    client
      .list({
        page,
        entries: PAGE_SIZE,
        chains: directory.chains().filter((ns) => viaNamespaces?.split(',').includes(ns)),
        ...(forSearch ? { search: forSearch } : {}),
        ...(directory.includeWalletIds ? { include: directory.includeWalletIds } : {}),
        ...(directory.excludeWalletIds.size ? { exclude: [...directory.excludeWalletIds] } : {}),
      })
      .then(
        (result) => {
          setRegistry((current) => {
            if (current.search !== forSearch) return current;
            const pages = new Map(current.pages).set(page, result.wallets);
            return { search: forSearch, count: result.count, pages };
          });
          setError(undefined);
        },
        (failure: unknown) => {
          inFlight.current.delete(key);
          kernel.logger.warn('The wallet registry failed to answer', failure);
          setError({ failure });
        },
      )
      .finally(() => setLoading(false));
  };

  // A new search starts from its first page.
  useEffect(() => {
    setRegistry({ search, count: 0, pages: new Map() });
    inFlight.current.clear();
    if (client) {
      setLoading(true);
      loadPage(1, search);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadPage reads the directory, which never changes
  }, [search, client, viaNamespaces]);

  const rowCount = installed.length + registry.count;
  const rowAt = (index: number): Row => {
    if (index < installed.length) return { kind: 'connector', connector: installed[index]! };
    const i = index - installed.length;
    return { kind: 'wallet', wallet: registry.pages.get(Math.floor(i / PAGE_SIZE) + 1)?.[i % PAGE_SIZE] };
  };
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual: this view opts out of compiler memoization, as it should
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();

  // Pages come in as their rows scroll into view.
  useEffect(() => {
    for (const item of items) {
      const i = item.index - installed.length;
      if (i >= 0 && !registry.pages.has(Math.floor(i / PAGE_SIZE) + 1)) loadPage(Math.floor(i / PAGE_SIZE) + 1, registry.search);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadPage is stable in effect
  }, [items, installed.length, registry]);

  const connect = (id: string) => void portico.connect(id).catch(() => undefined);
  const pick = (row: Row) => {
    if (row.kind === 'connector') return connect(row.connector.id);
    if (!row.wallet) return;
    const { wallet } = row;
    const installedId = installedConnector(kernel, wallet);
    if (installedId) return connect(installedId);
    const unavailable = () => setError({ title: t('allWallets.unavailable', { name: wallet.name }, `${wallet.name} cannot be reached: WalletConnect is not enabled for the app's networks`) });
    void directory.register(wallet, 'recommended').then((id) => (id ? connect(id) : unavailable()), unavailable);
  };

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rowCount - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    const focus = (attempt: number) => {
      const button = scroller.current?.querySelector<HTMLButtonElement>(`[data-index="${target}"] button`);
      if (button) button.focus();
      else if (attempt < 10) requestAnimationFrame(() => focus(attempt + 1));
    };
    focus(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Number((event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index') ?? -1);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: rowCount - 1, PageDown: current + 6, PageUp: current - 6 };
    if (!(event.key in moves) || rowCount === 0) return;
    event.preventDefault();
    focusRow(moves[event.key]!);
  };

  return (
    <div className="pt-stack">
      {legal.required ? <LegalConsent accepted={legal.accepted} reasonId={reasonId} /> : null}
      <TextField
        label={t('allWallets.search')}
        hideLabel
        type="search"
        placeholder={t('allWallets.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && rowCount > 0) {
            e.preventDefault();
            focusRow(0);
          }
        }}
      />
      {error && 'title' in error ? <AlertBanner severity="error" title={error.title} /> : null}
      {error && 'failure' in error ? <ErrorBanner error={error.failure} /> : null}
      {loading && rowCount === 0 ? <Spinner label={t('allWallets.loading', undefined, 'Loading wallets')} /> : null}
      {!loading && rowCount === 0 ? <p className="pt-muted">{t('allWallets.empty')}</p> : null}
      <div ref={scroller} className="pt-virtual-scroll" onKeyDown={onKeyDown} data-testid="all-wallets-list" data-count={rowCount}>
        <ul className="pt-virtual-list" style={{ height: virtualizer.getTotalSize() }} aria-label={t('allWallets.listLabel', undefined, 'Wallets')} aria-busy={loading || undefined}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const name = row.kind === 'connector' ? row.connector.name : row.wallet?.name;
            return (
              <li key={item.key} data-index={item.index} aria-setsize={rowCount} aria-posinset={item.index + 1} style={{ transform: `translateY(${item.start}px)` }}>
                {name === undefined ? (
                  <div className="pt-list-item pt-skeleton" aria-hidden="true" />
                ) : (
                  <ListItem
                    label={name}
                    imageSrc={row.kind === 'connector' ? row.connector.icon : row.wallet?.imageUrl}
                    tag={row.kind === 'connector' ? t('allWallets.installed', undefined, 'Installed') : undefined}
                    data-wallet-id={row.kind === 'connector' ? row.connector.id : row.wallet?.id}
                    tabIndex={item.index === Math.min(active, rowCount - 1) ? 0 : -1}
                    onFocus={() => setActive(item.index)}
                    disabled={legal.locked}
                    aria-describedby={legal.locked ? reasonId : undefined}
                    onClick={() => pick(row)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
