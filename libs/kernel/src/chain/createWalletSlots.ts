/**
 * A chain adapter's wallets by connector id, and the wait for one to arrive: after a reload
 * the remembered wallet may announce itself (or be attached by another plugin) only after the
 * adapter has started its silent reconnect.
 */
export interface WalletSlots<W> {
  get(id: string): W | undefined;
  has(id: string): boolean;
  /** Puts a wallet under a connector id and wakes the `waitFor` calls. */
  set(id: string, wallet: W): void;
  /** Removes `id`, or, given `wallet`, only while `id` still holds that wallet; true if removed. */
  delete(id: string, wallet?: W): boolean;
  entries(): IterableIterator<[string, W]>;
  /** The wallet under `id` once it is there, or undefined after `timeoutMs`; other arrivals keep it waiting. */
  waitFor(id: string, timeoutMs: number): Promise<W | undefined>;
  /** Drops every wallet; pending waits end at their deadline. */
  clear(): void;
}

/** Creates an empty `WalletSlots`. */
export function createWalletSlots<W>(): WalletSlots<W> {
  const wallets = new Map<string, W>();
  let waiters: Array<() => void> = [];
  return {
    get: (id) => wallets.get(id),
    has: (id) => wallets.has(id),
    set(id, wallet) {
      wallets.set(id, wallet);
      for (const wake of waiters.splice(0)) wake();
    },
    delete(id, wallet) {
      if (wallet !== undefined && wallets.get(id) !== wallet) return false;
      return wallets.delete(id);
    },
    entries: () => wallets.entries(),
    async waitFor(id, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!wallets.has(id) && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadline - Date.now());
          waiters.push(() => (clearTimeout(timer), resolve()));
        });
      }
      return wallets.get(id);
    },
    clear() {
      wallets.clear();
      waiters = [];
    },
  };
}
