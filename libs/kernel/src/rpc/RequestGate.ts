import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs, type KernelSettings } from '../kernelRefs';
import type { EventBus } from '../events/createEventBus';
import type { Logger } from '../logger/createLogger';
import type { Router } from '../router/Router';
import { createObservable, type Observable } from '../state/createObservable';
import { loadOnce } from '../scheduling/loadOnce';
import { onIdle } from '../scheduling/onIdle';
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
  /**
   * The wallet asks the user itself, in its own UI that the approval view shows (an embedded
   * wallet's frame): the view shows that UI, not Approve / Reject of its own.
   */
  readonly inWallet?: true;
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
  /** The approval flow's module (`approvalFlow.ts`), loaded with the first request that needs the user. */
  private readonly flow = loadOnce(() =>
    import('./approvalFlow').then(({ createApprovalFlow }) => {
      const flow = createApprovalFlow({ state: this.state, router: this.router, events: this.events, settings: this.settings, logger: this.logger });
      // Disposed while it loaded: whatever asks now is aborted (the flow refuses it).
      if (this.disposed) flow.dispose();
      return flow;
    }),
  );
  private disposed = false;
  /** Stops the idle preload: its `modal:opened` listener, and the idle callback once that ran. */
  private readonly preload: { off: () => void; cancel: () => void };

  constructor(
    @inject(kernelRefs.rpcPolicy.id) private readonly policy: RpcPolicyEngine,
    @inject(kernelRefs.router.id) private readonly router: Router,
    @inject(kernelRefs.events.id) private readonly events: EventBus,
    @inject(kernelRefs.settings.id) private readonly settings: KernelSettings,
    @inject(kernelRefs.logger.id) private readonly logger: Logger,
  ) {
    // Once the modal has opened, a request's approval view can open in the click's own task:
    // the flow's module is fetched then (when the browser is idle), not by the first request that needs it.
    // Not `this.x = () => …`: V8 allocates a function literal assigned to a property in old space
    // (its parser's "pretenure" guess for methods), so the closure, and through its context this
    // whole kernel, would outlive every young collection until a full one (docs/benchmarks.md, #41).
    const preload = { off: () => {}, cancel: () => {} };
    preload.off = events.once('modal:opened', () => (preload.cancel = onIdle(() => void this.flow().catch(() => undefined))));
    this.preload = preload;
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
   * `walletConfirmsInModal`: the wallet asks the user in its own UI, shown by the approval view
   * (an embedded wallet's frame), so a `confirm` request opens that view and goes to the wallet
   * at once; refused methods are refused either way. Requests that go straight on never wait:
   * the approval flow (`approvalFlow.ts`) loads with the first request that needs the user.
   */
  async request<T>(namespace: string, request: RpcRequest, send: () => Promise<T>, options: { walletConfirms?: boolean; walletConfirmsInModal?: boolean } = {}): Promise<T> {
    const decision = this.policy.classify(request.method, namespace);
    if (decision === 'safe' || (decision === 'confirm' && options.walletConfirms)) return send();
    return (await this.flow()).gate(namespace, request, send, decision, options);
  }

  approve(id: string): void {
    this.flow.current?.approve(id);
  }

  /** Rejects a request waiting on the approval view; one the wallet is asking about leaves the view (the wallet is told to stop asking when its UI is no longer shown). */
  reject(id: string): void {
    this.flow.current?.reject(id);
  }

  /** Clears the failure of an approved request and leaves the approval view (back, or closes). */
  dismissFailure(): void {
    this.flow.current?.dismissFailure();
  }

  /** Clears the "Action not allowed" notice. */
  dismissNotAllowed(): void {
    this.state.set((s) => ({ ...s, notAllowed: undefined }));
  }

  /** Rejects everything open and stops timers. */
  dispose(): void {
    this.disposed = true;
    this.preload.off();
    this.preload.cancel();
    this.flow.current?.dispose();
  }
}
