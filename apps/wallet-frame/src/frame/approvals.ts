import { RpcError } from './calls';

/** A request the user must approve in the frame before it is signed or sent. */
export interface ApprovalRequest {
  /** The CAIP-2 network it is for (`eip155:1`, `solana:…`). */
  readonly network: string;
  readonly method: string;
  readonly params?: unknown;
}

/** A request waiting in the queue: what it asks, and since when. */
export interface PendingApproval extends ApprovalRequest {
  readonly id: number;
  readonly since: number;
}

/** The user's answer was no (or nobody answered): EIP-1193's 4001, as a wallet's own Reject gives. */
export const rejected = (why = 'User rejected the request.') => new RpcError(why, 4001);

/** How long a request waits for the user before it is refused; default 5 minutes. */
export const APPROVAL_TIMEOUT_MS = 5 * 60_000;

/**
 * The requests waiting for the user's approval inside the frame, first come first shown. `ask`
 * resolves only through `approve` (which the approval screen calls on a click inside the frame;
 * nothing the host page posts leads there) and rejects with 4001 on `reject`, `cancelAll` (the
 * host stopped showing the frame) or the timeout. `onChange` hears every change of the queue.
 */
export function createApprovals(options: { onChange: (queue: readonly PendingApproval[]) => void; timeoutMs?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? APPROVAL_TIMEOUT_MS;
  const waiting = new Map<number, { request: PendingApproval; resolve(): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }>();
  let next = 0;
  const changed = () => options.onChange([...waiting.values()].map((w) => w.request));
  const settle = (id: number, outcome: true | Error) => {
    const entry = waiting.get(id);
    if (!entry) return false;
    waiting.delete(id);
    clearTimeout(entry.timer);
    if (outcome === true) entry.resolve();
    else entry.reject(outcome);
    changed();
    return true;
  };

  return {
    /** Waits for the user's answer to `request`. */
    ask(request: ApprovalRequest): Promise<void> {
      const pending: PendingApproval = { ...request, id: ++next, since: now() };
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => settle(pending.id, rejected('The request was not approved in time')), timeoutMs);
        waiting.set(pending.id, { request: pending, resolve, reject, timer });
        changed();
      });
    },
    /** The user approved request `id` (a click inside the frame). */
    approve: (id: number) => settle(id, true),
    /** The user rejected request `id`. */
    reject: (id: number) => settle(id, rejected()),
    /** Refuses every waiting request (the host no longer shows the frame); returns how many. */
    cancelAll(): number {
      const ids = [...waiting.keys()];
      for (const id of ids) settle(id, rejected());
      return ids.length;
    },
    /** What waits, first shown first. */
    list: (): readonly PendingApproval[] => [...waiting.values()].map((w) => w.request),
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
