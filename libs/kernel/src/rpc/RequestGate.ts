import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs, type KernelSettings } from '../kernelRefs';
import type { EventBus } from '../events/createEventBus';
import type { Logger } from '../logger/createLogger';
import { RequestAbortedError, RpcMethodNotAllowedError, UserRejectedRequestError, ViewNotFoundError } from '../errors/kernelErrors';
import type { Router } from '../router/Router';
import { createObservable, type Observable } from '../state/createObservable';
import type { RpcPolicyEngine } from './RpcPolicyEngine';

/** Delay between a refused request opening the modal and "Action not allowed" (spec). */
export const NOT_ALLOWED_DELAY_MS = 300;

/** A JSON-RPC request: method and params. */
export interface RpcRequest {
  readonly method: string;
  readonly params?: unknown;
}

/** A request waiting for the user on the approval view. */
export interface PendingApproval extends RpcRequest {
  readonly id: string;
  readonly namespace: string;
}

/** A request the user approved that then failed (the wallet or its network): the approval view shows it. */
export interface FailedApproval extends PendingApproval {
  /** What the send threw, as it was: the view describes it, the host gets it too. */
  readonly error: unknown;
}

/** What the approval and not-allowed UI reads. */
export interface RequestGateState {
  readonly pending: readonly PendingApproval[];
  /** Set 300 ms after a refused request; the modal shows "Action not allowed". */
  readonly notAllowed: { readonly namespace: string; readonly method: string } | undefined;
  /** The last approved request that failed, until the user dismisses it or the modal closes. */
  readonly failed?: FailedApproval | undefined;
}

interface Waiter {
  approval: PendingApproval;
  resolve(approved: boolean): void;
  reject(error: Error): void;
}

/**
 * Applies the RPC policy to requests of connectors without an approval UI of their own:
 * safe requests pass, `confirm` requests wait on the approval view, refused ones open the
 * modal and, after 300 ms, show "Action not allowed" and reject every open request. An
 * approved request that fails reopens the approval view with the failure (the host is
 * rejected as well), rather than leaving the user with a modal that closed on success.
 */
@injectable()
export class RequestGate implements Observable<RequestGateState> {
  private readonly state = createObservable<RequestGateState>({ pending: [], notAllowed: undefined });
  private readonly waiters = new Map<string, Waiter>();
  /** Refused requests waiting for their delay, with how to reject them early (dispose). */
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  private nextId = 0;
  private disposed = false;
  private readonly stopListening: () => void;

  constructor(
    @inject(kernelRefs.rpcPolicy.id) private readonly policy: RpcPolicyEngine,
    @inject(kernelRefs.router.id) private readonly router: Router,
    @inject(kernelRefs.events.id) private readonly events: EventBus,
    @inject(kernelRefs.settings.id) private readonly settings: KernelSettings,
    @inject(kernelRefs.logger.id) private readonly logger: Logger,
  ) {
    this.stopListening = events.on('modal:closed', () => {
      for (const waiter of [...this.waiters.values()]) this.settle(waiter, new UserRejectedRequestError(waiter.approval.method));
      this.state.set((s) => (s.notAllowed || s.failed ? { ...s, notAllowed: undefined, failed: undefined } : s));
    });
  }

  getSnapshot(): RequestGateState {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }

  /**
   * Gates one request; `send` performs it once allowed. `walletConfirms`: the wallet shows
   * its own confirmation (injected, WalletConnect), so `confirm` requests go straight to it;
   * refused methods are refused either way.
   */
  async request<T>(namespace: string, request: RpcRequest, send: () => Promise<T>, options: { walletConfirms?: boolean } = {}): Promise<T> {
    const decision = this.policy.classify(request.method, namespace);
    if (decision === 'safe' || (decision === 'confirm' && options.walletConfirms)) return send();
    if (decision === 'reject') return this.refuse(namespace, request.method);
    const view = this.router.viewFor('approval');
    // No view to ask in: refused with a reason, never left waiting.
    if (view === undefined) throw new ViewNotFoundError('approval', `no enabled plugin contributes a view with role "approval", so "${request.method}" cannot be confirmed`);
    const approval: PendingApproval = { id: `approval-${++this.nextId}`, namespace, method: request.method, params: request.params };
    const approved = new Promise<boolean>((resolve, reject) => this.waiters.set(approval.id, { approval, resolve, reject }));
    this.state.set((s) => ({ ...s, pending: [...s.pending, approval] }));
    this.events.emit('rpc:approval-requested', { id: approval.id, namespace, method: request.method });
    void this.router.open(view, { id: approval.id });
    await approved;
    try {
      return await send();
    } catch (error) {
      this.fail(approval, error);
      throw error;
    }
  }

  approve(id: string): void {
    const waiter = this.waiters.get(id);
    if (waiter) this.settle(waiter, true);
  }

  reject(id: string): void {
    const waiter = this.waiters.get(id);
    if (waiter) this.settle(waiter, new UserRejectedRequestError(waiter.approval.method));
  }

  /** Clears the failure of an approved request and leaves the approval view (back, or closes). */
  dismissFailure(): void {
    if (!this.getSnapshot().failed) return;
    this.state.set((s) => ({ ...s, failed: undefined }));
    this.leaveApprovalView('closed');
  }

  /** Clears the "Action not allowed" notice. */
  dismissNotAllowed(): void {
    this.state.set((s) => ({ ...s, notAllowed: undefined }));
  }

  /** Rejects everything open and stops timers. */
  dispose(): void {
    this.disposed = true;
    this.stopListening();
    for (const [timer, refuse] of this.timers) {
      clearTimeout(timer);
      refuse();
    }
    this.timers.clear();
    for (const waiter of [...this.waiters.values()]) this.settle(waiter, new RequestAbortedError(waiter.approval.method), false);
  }

  private refuse(namespace: string, method: string): Promise<never> {
    this.events.emit('rpc:rejected', { namespace, method });
    void this.router.open();
    return new Promise((_, reject) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.state.set((s) => ({ ...s, notAllowed: { namespace, method } }));
        // Stay where we are: the modal must keep showing "Action not allowed".
        for (const waiter of [...this.waiters.values()]) this.settle(waiter, new RequestAbortedError(waiter.approval.method), false);
        reject(new RpcMethodNotAllowedError(method));
      }, this.settings.notAllowedDelayMs);
      this.timers.set(timer, () => reject(new RpcMethodNotAllowedError(method)));
    });
  }

  private settle(waiter: Waiter, outcome: true | Error, leaveApprovalView = true): void {
    this.waiters.delete(waiter.approval.id);
    this.state.set((s) => ({ ...s, pending: s.pending.filter((p) => p.id !== waiter.approval.id) }));
    this.events.emit('rpc:approval-settled', { id: waiter.approval.id, approved: outcome === true });
    if (outcome === true) waiter.resolve(true);
    else waiter.reject(outcome);
    if (leaveApprovalView) this.leaveApprovalView(outcome === true ? 'closed' : 'cancelled');
  }

  /** Off the approval view once nothing is left on it: back to the view under it, or closed. */
  private leaveApprovalView(reason: 'closed' | 'cancelled'): void {
    const { isOpen, current, stack } = this.router.getSnapshot();
    const state = this.getSnapshot();
    if (isOpen && current.view === this.router.viewFor('approval') && state.pending.length === 0 && !state.failed) {
      if (stack.length > 1) this.router.back({ force: true });
      else this.router.close(reason);
    }
  }

  /** An approved send failed: the approval view shows it (developers get the details in the log). */
  private fail(approval: PendingApproval, error: unknown): void {
    if (this.disposed) return;
    this.logger.warn(`The approved ${approval.method} request failed`, error);
    this.state.set((s) => ({ ...s, failed: { ...approval, error } }));
    const { isOpen, current } = this.router.getSnapshot();
    const view = this.router.viewFor('approval');
    if (view !== undefined && (!isOpen || current.view !== view)) void this.router.open(view, { id: approval.id });
  }
}
