import type { ActivityTransaction, Network } from '@portico/kernel';
import { formatDate, formatFixed, formatTime, truncateAddress, useAccount, usePluginT, usePortico, useT, type ViewProps } from '@portico/react';
import { Avatar, Button, Spinner } from '@portico/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { messages } from './messages';
import { useActivity } from './useActivity';

type ActivityTransfer = ActivityTransaction['transfers'][number];

type PluginT = ReturnType<typeof usePluginT>;
/** From this many transactions the list is virtualized (rows exist while visible): 1,000 paint in one frame's time. */
export const VIRTUALIZE_FROM = 100;
const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 32;

/**
 * Activity: the selected account's transactions on its network, from its chain plugin's data
 * source (every namespace), pending ones first, then grouped by day, newest first; each row says
 * what happened, with whom, the amounts (spec: fixed to 3 decimals) and links to the network's
 * explorer. Older pages load on request.
 */
export default function ActivityView(_props: ViewProps) {
  const portico = usePortico('ActivityView');
  const t = useT();
  const p = usePluginT(messages);
  const network = portico.network(useAccount().networkId);
  const activity = useActivity();
  // Arrows, Home / End and type-ahead through the rows (links; Tab still reaches each).
  // After Load more, focus moves to the first new row: the button may be gone (last page).
  const listRoot = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const count = activity.transactions.length;
  useEffect(() => {
    if (focusAt.current === null || count <= focusAt.current) return;
    listRoot.current?.querySelectorAll<HTMLElement>('[data-testid="activity-row"]')[focusAt.current]?.focus();
    focusAt.current = null;
  }, [count]);

  if (activity.status === 'loading') {
    return (
      <p className="pt-row pt-muted" role="status" data-testid="activity-loading">
        <Spinner size={16} label="" /> {p('history.loading')}
      </p>
    );
  }
  if (activity.status === 'unavailable') return <p className="pt-muted" data-testid="activity-unavailable">{p('history.unavailable')}</p>;
  if (activity.status === 'error') {
    return (
      <div className="pt-center" data-testid="activity-error">
        <p className="pt-muted" role="alert" style={{ margin: 0 }}>
          {p('history.error')}
        </p>
        {/* Why, in the source's own words (a refused API key, a plan that does not cover the chain), when it says. */}
        {activity.error instanceof Error && activity.error.message ? (
          <p className="pt-muted" style={{ margin: 0, fontSize: 13 }} data-testid="activity-error-detail">
            {activity.error.message.slice(0, 300)}
          </p>
        ) : null}
        <Button variant="secondary" onClick={activity.retry}>
          {p('history.retry')}
        </Button>
      </div>
    );
  }
  if (!activity.transactions.length) return <p className="pt-muted" data-testid="activity-empty">{p('history.empty')}</p>;

  const groups = groupByDay(activity.transactions, t.locale, p);
  return (
    // The dialog's list keys over every row and Load more; a long list is virtualized: the keys' model would reach only the rows on screen, so it keeps the browser's own.
    <div data-testid="activity" data-count={activity.transactions.length} ref={listRoot} data-list-keys={activity.transactions.length >= VIRTUALIZE_FROM ? undefined : ''}>
      {activity.transactions.length >= VIRTUALIZE_FROM ? (
        <VirtualActivity groups={groups} network={network} p={p} locale={t.locale} />
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-label={group.label}>
            <h3 className="pt-section-label">{group.label}</h3>
            <ul className="pt-list">
              {group.transactions.map((transaction) => (
                <li key={transaction.id}>
                  <ActivityRow transaction={transaction} network={network} p={p} locale={t.locale} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {activity.error ? (
        <p className="pt-muted" role="alert">
          {p('history.moreError')}
        </p>
      ) : null}
      {activity.hasMore ? (
        <Button
          variant="secondary"
          block
          onClick={() => {
            focusAt.current = activity.transactions.length;
            activity.loadMore();
          }}
          // Not disabled while loading: a disabled button would drop the keyboard focus.
          aria-disabled={activity.loadingMore}
          aria-busy={activity.loadingMore}
          data-testid="activity-more"
        >
          {activity.loadingMore ? <Spinner size={16} label="" /> : null}
          {p('history.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** A long list: the day headings and rows in one virtualized list (rows exist while visible; focus moving on scrolls them in). */
function VirtualActivity({ groups, network, p, locale }: { groups: Group[]; network: Network | undefined; p: PluginT; locale: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const items = groups.flatMap((group) => [{ kind: 'header' as const, key: `h:${group.key}`, label: group.label }, ...group.transactions.map((tx) => ({ kind: 'row' as const, key: tx.id, tx }))]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual: this view opts out of compiler memoization, as it should
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: (i) => (items[i]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT), overscan: 8 });
  return (
    <div ref={scroller} className="pt-virtual-scroll" data-testid="activity-scroll">
      <ul className="pt-virtual-list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index]!;
          return (
            <li key={item.key} data-index={virtual.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${virtual.start}px)` }}>
              {item.kind === 'header' ? <h3 className="pt-section-label">{item.label}</h3> : <ActivityRow transaction={item.tx} network={network} p={p} locale={locale} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ActivityRow({ transaction, network, p, locale }: { transaction: ActivityTransaction; network: Network | undefined; p: PluginT; locale: string }) {
  const { metadata, transfers } = transaction;
  const lead = transfers[0];
  const incoming = metadata.operationType === 'receive' || (lead?.direction === 'in' && metadata.operationType !== 'send');
  const counterparty = incoming ? metadata.sentFrom : metadata.sentTo;
  const explorer = network?.blockExplorers?.default;
  // The chain plugin gives each asset its image (the native currency its network's mark); none is guessed here.
  const image = lead?.nft_info?.content?.preview?.url ?? lead?.fungible_info?.icon?.url;
  // A contract creation says what was made when the contract names itself ("Test USD (tUSD)"), not only where.
  const created = metadata.operationType === 'deploy' ? metadata.created : undefined;
  const mined = minedAt(transaction);
  const body = (
    <>
      <Avatar src={image} name={lead?.fungible_info?.symbol ?? lead?.nft_info?.name ?? created?.name ?? p(`history.op.${metadata.operationType}`)} size={32} />
      <div className="pt-token-main">
        <div>
          {p(`history.op.${metadata.operationType}`)}
          {metadata.status === 'failed' ? <span className="pt-tag" style={{ marginInlineStart: 6 }}>{p('history.failed')}</span> : null}
        </div>
        {created ? (
          <div className="pt-muted" data-testid="activity-created">
            <bdi>{created.symbol ? p('history.created', { name: created.name, symbol: created.symbol }) : created.name}</bdi>
          </div>
        ) : counterparty ? (
          // The other side with its address's own gradient, as the account's avatar is drawn.
          <div className="pt-muted pt-row" style={{ gap: 4 }}>
            <Avatar name="" seed={counterparty} size={14} />
            {p(incoming ? 'history.from' : 'history.to', { address: truncateAddress(counterparty) })}
          </div>
        ) : null}
      </div>
      <div className="pt-token-value">
        {transfers.slice(0, 2).map((transfer, index) => (
          <div key={index} dir="ltr" data-testid="activity-amount">
            {amount(transfer, locale)}
          </div>
        ))}
        {mined ? <div className="pt-muted">{formatTime(mined, locale)}</div> : null}
      </div>
    </>
  );
  if (!explorer) return <div className="pt-token-row" data-testid="activity-row">{body}</div>;
  return (
    <a
      className="pt-token-row"
      href={`${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(transaction.id)}`}
      target="_blank"
      rel="noopener noreferrer"
      title={p('history.explorer', { explorer: explorer.name })}
      data-testid="activity-row"
    >
      {body}
    </a>
  );
}

/** "−0.001 ETH", "+2.500 tUSD", "+1 Portico Ducks #1": the spec's 3 decimals, "<0.001" for dust. */
function amount(transfer: ActivityTransfer, locale: string): string {
  const sign = transfer.direction === 'out' ? '−' : transfer.direction === 'in' ? '+' : '';
  if (transfer.nft_info) return `${sign}${transfer.quantity.numeric === '1' ? '' : `${transfer.quantity.numeric} × `}${transfer.nft_info.name}`;
  const value = Number(transfer.quantity.numeric);
  const shown = value > 0 && value < 0.001 ? `<${formatFixed(0.001, locale, 3)}` : formatFixed(value, locale, 3);
  return `${sign}${shown} ${transfer.fungible_info?.symbol ?? ''}`.trim();
}

/** When the transaction was mined, if the source says so readably. */
function minedAt(transaction: ActivityTransaction): Date | undefined {
  const at = transaction.metadata.minedAt ? new Date(transaction.metadata.minedAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

interface Group {
  key: string;
  label: string;
  transactions: ActivityTransaction[];
}

/** Pending first, then one group per local day, newest first: "Today", "Yesterday", then the date. */
export function groupByDay(transactions: readonly ActivityTransaction[], locale: string, p: PluginT, now = new Date()): Group[] {
  const groups = new Map<string, Group>();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  // A day's label is made once, for its first transaction.
  const add = (key: string, label: () => string, transaction: ActivityTransaction) => {
    const group = groups.get(key) ?? { key, label: label(), transactions: [] };
    group.transactions.push(transaction);
    groups.set(key, group);
  };
  // The day before today's midnight, as a date: a day is not always 24 hours (a clock change).
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  // Pending, or a time the source gave unreadable (counted as none: with the pending ones, rather than a broken view): undefined.
  const mined = transactions.map((x) => (x.metadata.status === 'pending' ? undefined : minedAt(x)));
  transactions.forEach((transaction, i) => mined[i] || add('pending', () => p('history.pending'), transaction));
  transactions.forEach((transaction, i) => {
    const at = mined[i];
    if (!at) return;
    const day = new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
    add(String(day), () => (day === startOfToday ? p('history.today') : day === startOfYesterday ? p('history.yesterday') : formatDate(at, locale, true)), transaction);
  });
  return [...groups.values()];
}
