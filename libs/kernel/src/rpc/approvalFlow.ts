import type { KernelSettings } from '../kernelRefs';
import type { EventBus } from '../events/createEventBus';
import type { Logger } from '../logger/createLogger';
import { RpcMethodNotAllowedError, ViewNotFoundError } from '../errors/kernelErrors';
import { RequestAbortedError, UserRejectedRequestError } from '../errors/requestErrors';
import type { Router } from '../router/Router';
import type { WritableObservable } from '../state/createObservable';
import type { PendingApproval, RequestGateState, RpcRequest } from './RequestGate';

interface Waiter {
  approval: PendingApproval;
  resolve(approved: boolean): void;
  reject(error: Error): void;
}

/** What the request gate hands the approval flow. */
export interface ApprovalFlowParts {
  readonly state: WritableObservable<RequestGateState>;
  readonly router: Router;
  readonly events: EventBus;
  readonly settings: KernelSettings;
  readonly logger: Logger;
}

/** The request gate's approval flow (see `createApprovalFlow`). */
export type ApprovalFlow = ReturnType<typeof createApprovalFlow>;

/**
 * The part of the request gate that involves the user, loaded with the first request that
 * needs it (a `confirm` request the wallet does not confirm itself, or a refused one): it waits
 * on the approval view, refuses with "Action not allowed" after 300 ms, and reopens the approval
 * view with the failure of an approved request that then failed.
 */
export function createApprovalFlow({ state, router, events, settings, logger }: ApprovalFlowParts) {
  const waiters = new Map<string, Waiter>();
  /** Refused requests waiting for their delay, with how to reject them early (dispose). */
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  let nextId = 0;
  let disposed = false;

  /** Off the approval view once nothing is left on it: back to the view under it, or closed. */
  const leaveApprovalView = (reason: 'closed' | 'cancelled') => {
    const { isOpen, current, stack } = router.getSnapshot();
    const now = state.getSnapshot();
    if (isOpen && current.view === router.viewFor('approval') && now.pending.length === 0 && !now.failed) {
      if (stack.length > 1) router.back({ force: true });
      else router.close(reason);
    }
  };

  const settle = (waiter: Waiter, outcome: true | Error, leave = true) => {
    waiters.delete(waiter.approval.id);
    state.set((s) => ({ ...s, pending: s.pending.filter((p) => p.id !== waiter.approval.id) }));
    events.emit('rpc:approval-settled', { id: waiter.approval.id, approved: outcome === true });
    if (outcome === true) waiter.resolve(true);
    else waiter.reject(outcome);
    if (leave) leaveApprovalView(outcome === true ? 'closed' : 'cancelled');
  };

  /** Requests the wallet asks about in its own UI, shown by the approval view: off the view, whatever the wallet still answers. */
  const inWalletIds = new Set<string>();
  const dropInWallet = (id: string, approved: boolean, leave = true) => {
    if (!inWalletIds.delete(id)) return;
    state.set((s) => ({ ...s, pending: s.pending.filter((p) => p.id !== id) }));
    events.emit('rpc:approval-settled', { id, approved });
    if (leave) leaveApprovalView(approved ? 'closed' : 'cancelled');
  };

  const stopListening = events.on('modal:closed', () => {
    for (const waiter of [...waiters.values()]) settle(waiter, new UserRejectedRequestError(waiter.approval.method));
    // The wallet's own UI is no longer shown: it is told so and refuses (its answer reaches the caller).
    for (const id of [...inWalletIds]) dropInWallet(id, false, false);
    state.set((s) => (s.notAllowed || s.failed ? { ...s, notAllowed: undefined, failed: undefined } : s));
  });

  /** An approved send failed: the approval view shows it (developers get the details in the log). */
  const fail = (approval: PendingApproval, error: unknown) => {
    if (disposed) return;
    logger.warn(`The approved ${approval.method} request failed`, error);
    state.set((s) => ({ ...s, failed: { ...approval, error } }));
    const { isOpen, current } = router.getSnapshot();
    const view = router.viewFor('approval');
    if (view !== undefined && (!isOpen || current.view !== view)) void router.open(view, { id: approval.id });
  };

  const refuse = (namespace: string, method: string): Promise<never> => {
    events.emit('rpc:rejected', { namespace, method });
    void router.open();
    return new Promise((_, reject) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        state.set((s) => ({ ...s, notAllowed: { namespace, method } }));
        // Stay where we are: the modal must keep showing "Action not allowed".
        for (const waiter of [...waiters.values()]) settle(waiter, new RequestAbortedError(waiter.approval.method), false);
        reject(new RpcMethodNotAllowedError(method));
      }, settings.notAllowedDelayMs);
      timers.set(timer, () => reject(new RpcMethodNotAllowedError(method)));
    });
  };

  /**
   * A `confirm` request the wallet asks the user about in its own UI (an embedded wallet's
   * frame): the approval view opens showing that UI and `send` goes at once; the view leaves
   * when the wallet answers. The user's refusal there (EIP-1193 4001) just leaves; any other
   * failure stays on the view, as for a request approved here.
   */
  const inWallet = async <T>(namespace: string, request: RpcRequest, send: () => Promise<T>): Promise<T> => {
    if (disposed) throw new RequestAbortedError(request.method);
    const view = router.viewFor('approval');
    if (view === undefined) throw new ViewNotFoundError('approval', `no enabled plugin contributes a view with role "approval", so "${request.method}" cannot be shown to the user`);
    const approval: PendingApproval = { id: `approval-${++nextId}`, namespace, method: request.method, params: request.params, inWallet: true };
    inWalletIds.add(approval.id);
    state.set((s) => ({ ...s, pending: [...s.pending, approval] }));
    events.emit('rpc:approval-requested', { id: approval.id, namespace, method: request.method });
    void router.open(view, { id: approval.id });
    try {
      const result = await send();
      dropInWallet(approval.id, true);
      return result;
    } catch (error) {
      const declined = (error as { code?: unknown } | null)?.code === 4001;
      if (!declined && inWalletIds.has(approval.id)) fail(approval, error);
      dropInWallet(approval.id, false);
      throw error;
    }
  };

  return {
    /**
     * A `confirm` request waits for the user on the approval view (or, with the gate's
     * `walletConfirmsInModal`, for the wallet's own UI the view shows: `inWallet`); a `reject` one is refused.
     */
    async gate<T>(namespace: string, request: RpcRequest, send: () => Promise<T>, decision: 'confirm' | 'reject', options: { walletConfirmsInModal?: boolean } = {}): Promise<T> {
      // The kernel went away while this module loaded: refused as refused, anything else aborted.
      if (disposed) throw decision === 'reject' ? new RpcMethodNotAllowedError(request.method) : new RequestAbortedError(request.method);
      if (decision === 'reject') return refuse(namespace, request.method);
      if (options.walletConfirmsInModal) return inWallet(namespace, request, send);
      const view = router.viewFor('approval');
      // No view to ask in: refused with a reason, never left waiting.
      if (view === undefined) throw new ViewNotFoundError('approval', `no enabled plugin contributes a view with role "approval", so "${request.method}" cannot be confirmed`);
      const approval: PendingApproval = { id: `approval-${++nextId}`, namespace, method: request.method, params: request.params };
      const approved = new Promise<boolean>((resolve, reject) => waiters.set(approval.id, { approval, resolve, reject }));
      state.set((s) => ({ ...s, pending: [...s.pending, approval] }));
      events.emit('rpc:approval-requested', { id: approval.id, namespace, method: request.method });
      void router.open(view, { id: approval.id });
      await approved;
      try {
        return await send();
      } catch (error) {
        fail(approval, error);
        throw error;
      }
    },
    approve(id: string) {
      const waiter = waiters.get(id);
      if (waiter) settle(waiter, true);
    },
    reject(id: string) {
      const waiter = waiters.get(id);
      if (waiter) settle(waiter, new UserRejectedRequestError(waiter.approval.method));
      else dropInWallet(id, false);
    },
    dismissFailure() {
      if (!state.getSnapshot().failed) return;
      state.set((s) => ({ ...s, failed: undefined }));
      leaveApprovalView('closed');
    },
    /** Rejects everything open and stops timers. */
    dispose() {
      disposed = true;
      stopListening();
      for (const [timer, refuseEarly] of timers) {
        clearTimeout(timer);
        refuseEarly();
      }
      timers.clear();
      for (const waiter of [...waiters.values()]) settle(waiter, new RequestAbortedError(waiter.approval.method), false);
      for (const id of [...inWalletIds]) dropInWallet(id, false, false);
    },
  };
}
