import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs } from '../kernelRefs';
import type { ConnectionStore } from '../connection/ConnectionStore';
import type { ContributionRegistry } from '../contributions/ContributionRegistry';
import type { EventBus, Unsubscribe } from '../events/createEventBus';
import type { CloseReason } from '../events/PorticoEvents';
import type { ViewRole } from '../manifest/contributionSchemas';
import { createObservable, type Observable } from '../state/createObservable';

/** One entry of the view stack. */
export interface RouteEntry {
  readonly view: string;
  readonly params?: unknown;
}

/** The router's snapshot: open or not, and the view stack (top last). */
export interface RouterState {
  readonly isOpen: boolean;
  readonly stack: readonly RouteEntry[];
  readonly current: RouteEntry;
}

/** Registered by plugins to veto closing or leaving a view. */
export interface RouterGuard {
  canClose?(state: RouterState): boolean;
  canLeave?(from: RouteEntry, to: RouteEntry): boolean;
}

/** Navigation options; `force` skips guards (for the guard's own owner, e.g. after cancel). */
export interface NavigateOptions {
  force?: boolean;
}

function stateOf(isOpen: boolean, stack: readonly RouteEntry[]): RouterState {
  return { isOpen, stack, current: stack[stack.length - 1]! };
}

/**
 * The modal's view stack with `push/replace/back/reset`, open/close, and guards. `open()`
 * resolves when the modal closes, with how it closed.
 */
@injectable()
export class Router implements Observable<RouterState> {
  private readonly state: ReturnType<typeof createObservable<RouterState>>;
  private readonly guards = new Set<RouterGuard>();
  private waiters: Array<(reason: CloseReason) => void> = [];

  constructor(
    @inject(kernelRefs.events.id) private readonly events: EventBus,
    @inject(kernelRefs.contributions.id) private readonly contributions: ContributionRegistry,
    @inject(kernelRefs.connection.id) private readonly connection: Pick<ConnectionStore, 'getSnapshot'>,
  ) {
    this.state = createObservable<RouterState>(stateOf(false, [{ view: this.home() }]));
    // Closed, the stack is just the home view: it follows the plugins that contribute one.
    contributions.subscribe(() => {
      const { isOpen, stack } = this.getSnapshot();
      const home = this.home();
      if (!isOpen && stack.length === 1 && stack[0]!.params === undefined && stack[0]!.view !== home) this.state.set(stateOf(false, [{ view: home }]));
    });
  }

  /**
   * The view contributed with `role` by the first enabled plugin that has one (`home`: where
   * the modal opens and returns; `approval`: the request gate's), or `undefined`.
   */
  viewFor(role: ViewRole): string | undefined {
    return this.contributions.list('views').find((view) => view.role === role)?.id;
  }

  /** Where `open()` without a view goes: the `account` view while a namespace is connected, else home. */
  entry(): string {
    const connected = Object.values(this.connection.getSnapshot().namespaces).some((c) => c.status === 'connected');
    return (connected && this.viewFor('account')) || this.home();
  }

  /** The home view's id; `''` while no enabled plugin contributes one. */
  home(): string {
    return this.viewFor('home') ?? '';
  }

  getSnapshot(): RouterState {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): Unsubscribe {
    return this.state.subscribe(listener);
  }

  addGuard(guard: RouterGuard): Unsubscribe {
    this.guards.add(guard);
    return () => void this.guards.delete(guard);
  }

  /** Opens the modal (on `view`, else at `entry()`) and resolves when it closes. */
  open(view?: string, params?: unknown): Promise<CloseReason> {
    const { isOpen, stack } = this.getSnapshot();
    const done = new Promise<CloseReason>((resolve) => this.waiters.push(resolve));
    if (view !== undefined && (!isOpen || this.getSnapshot().current.view !== view)) {
      this.commit(true, isOpen ? [...stack, { view, params }] : [{ view, params }]);
    } else if (!isOpen) {
      // Closed, the stack is the home view: open where a connected user belongs.
      const atHome = stack.length === 1 && stack[0]!.view === this.home() && stack[0]!.params === undefined;
      this.commit(true, atHome ? [{ view: this.entry() }] : stack);
    }
    if (!isOpen) this.events.emit('modal:opened', { view: this.getSnapshot().current.view });
    return done;
  }

  /** Closes unless a guard vetoes; returns whether it closed. Resets the stack to the home view. */
  close(reason: CloseReason = 'cancelled', options: NavigateOptions = {}): boolean {
    const snapshot = this.getSnapshot();
    if (!snapshot.isOpen) return true;
    if (!options.force && [...this.guards].some((g) => g.canClose && !g.canClose(snapshot))) {
      this.events.emit('modal:close-blocked', { view: snapshot.current.view });
      return false;
    }
    this.commit(false, [{ view: this.home() }]);
    const waiters = this.waiters;
    this.waiters = [];
    this.events.emit('modal:closed', { reason });
    for (const resolve of waiters) resolve(reason);
    return true;
  }

  push(view: string, params?: unknown, options?: NavigateOptions): boolean {
    const { stack } = this.getSnapshot();
    return this.navigate([...stack, { view, params }], options);
  }

  replace(view: string, params?: unknown, options?: NavigateOptions): boolean {
    const { stack } = this.getSnapshot();
    return this.navigate([...stack.slice(0, -1), { view, params }], options);
  }

  /** Pops one view; on the root view it does nothing and returns false. */
  back(options?: NavigateOptions): boolean {
    const { stack } = this.getSnapshot();
    if (stack.length < 2) return false;
    return this.navigate(stack.slice(0, -1), options);
  }

  /** Starts the stack over at `view` (by default the home view). */
  reset(view?: string, params?: unknown, options?: NavigateOptions): boolean {
    return this.navigate([{ view: view ?? this.home(), params }], options);
  }

  private navigate(stack: RouteEntry[], options: NavigateOptions = {}): boolean {
    const from = this.getSnapshot().current;
    const to = stack[stack.length - 1]!;
    if (!options.force && [...this.guards].some((g) => g.canLeave && from.view !== to.view && !g.canLeave(from, to))) {
      return false;
    }
    this.commit(this.getSnapshot().isOpen, stack);
    return true;
  }

  private commit(isOpen: boolean, stack: readonly RouteEntry[]): void {
    const previous = this.getSnapshot().current.view;
    this.state.set(stateOf(isOpen, stack));
    const view = this.getSnapshot().current.view;
    if (view !== previous) this.events.emit('view:changed', { view, previous });
  }
}
