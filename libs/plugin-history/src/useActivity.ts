import type { ActivityTransaction } from '@portico/kernel';
import { useAccount, usePortico } from '@portico/react';
import { useCallback, useEffect, useState } from 'react';

/** The Activity tab's data: what is loaded so far and how to get more. */
export interface ActivityState {
  status: 'loading' | 'ready' | 'error' | 'unavailable';
  transactions: readonly ActivityTransaction[];
  /** True while an older page loads. */
  loadingMore: boolean;
  /** Whether older transactions remain. */
  hasMore: boolean;
  /** Why the last read failed (the first page, or an older one). */
  error: unknown;
  loadMore(): void;
  retry(): void;
}

interface Loaded {
  /** The account, network and attempt this state belongs to. */
  key: string;
  status: ActivityState['status'];
  transactions: readonly ActivityTransaction[];
  loadingMore: boolean;
  error: unknown;
  next: string | undefined;
}

/**
 * Reads the selected account's activity through its chain adapter (`getActivity`), page by
 * page; a newer account or network starts again, and an answer for an older one is dropped.
 * A transaction listed twice (a source whose pages shift while new ones arrive) is shown once.
 */
export function useActivity(): ActivityState {
  const portico = usePortico('ActivityView');
  const { namespace, caipAddress, networkId } = useAccount();
  const [attempt, setAttempt] = useState(0);
  const key = `${caipAddress}|${networkId}|${attempt}`;
  const [state, setState] = useState<Loaded | undefined>(undefined);

  const read = useCallback(
    async (cursor: string | undefined) => {
      const adapter = namespace ? portico.adapter(namespace) : undefined;
      const network = portico.network(networkId);
      if (!adapter?.getActivity || !network || !caipAddress) return undefined;
      return adapter.getActivity(caipAddress, network, cursor);
    },
    [portico, namespace, caipAddress, networkId],
  );

  useEffect(() => {
    let live = true;
    read(undefined).then(
      (page) => {
        if (!live) return;
        setState(page ? { key, status: 'ready', transactions: unique(page.transactions), loadingMore: false, error: undefined, next: page.next } : { key, status: 'unavailable', transactions: [], loadingMore: false, error: undefined, next: undefined });
      },
      (error: unknown) => {
        if (!live) return;
        portico.kernel.logger.warn('Activity could not be read', error);
        setState({ key, status: 'error', transactions: [], loadingMore: false, error, next: undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [key, read, portico]);

  // Until the first page of this account and network arrives, it is loading.
  const current = state?.key === key ? state : undefined;
  const loadMore = useCallback(() => {
    if (!current || current.loadingMore || !current.next) return;
    const mine = current.key;
    // Applied only while the state still belongs to the same account, network and attempt.
    const update = (change: (s: Loaded) => Loaded) => setState((s) => (s?.key === mine ? change(s) : s));
    update((s) => ({ ...s, loadingMore: true, error: undefined }));
    read(current.next).then(
      (page) => update((s) => ({ ...s, loadingMore: false, transactions: unique([...s.transactions, ...(page?.transactions ?? [])]), next: page?.next })),
      (error: unknown) => {
        portico.kernel.logger.warn('Older activity could not be read', error);
        update((s) => ({ ...s, loadingMore: false, error }));
      },
    );
  }, [read, current, portico]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    status: current?.status ?? 'loading',
    transactions: current?.transactions ?? [],
    loadingMore: current?.loadingMore ?? false,
    error: current?.error,
    hasMore: current?.next !== undefined,
    loadMore,
    retry,
  };
}

function unique(transactions: readonly ActivityTransaction[]): ActivityTransaction[] {
  const seen = new Set<string>();
  return transactions.filter((t) => !seen.has(t.id) && (seen.add(t.id), true));
}
