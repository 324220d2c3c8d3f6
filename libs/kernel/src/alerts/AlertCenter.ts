import type { ContributionRegistry } from '../contributions/ContributionRegistry';
import type { Logger } from '../logger/createLogger';
import { createObservable, type Observable } from '../state/createObservable';

/** An alert being shown: the contributed alert plus optional details. */
export interface ActiveAlert {
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly severity: 'info' | 'warning' | 'error';
  readonly pluginId: string;
  readonly details?: string | undefined;
}

/**
 * Raises alerts that plugins contribute, by id. Raising an id twice keeps one entry;
 * an id nobody contributes is logged and ignored (never thrown at a user).
 */
export class AlertCenter implements Observable<readonly ActiveAlert[]> {
  private readonly state = createObservable<readonly ActiveAlert[]>([]);

  constructor(
    private readonly contributions: ContributionRegistry,
    private readonly logger: Logger,
  ) {}

  raise(id: string, details?: string): boolean {
    const alert = this.contributions.list('alerts').find((a) => a.id === id);
    if (!alert) {
      this.logger.warn(`Alert "${id}" is not contributed by any enabled plugin`);
      return false;
    }
    const active: ActiveAlert = { id, title: alert.title, message: alert.message, severity: alert.severity, pluginId: alert.pluginId, details };
    this.state.set((list) => [...list.filter((a) => a.id !== id), active]);
    return true;
  }

  dismiss(id: string): void {
    this.state.set((list) => (list.some((a) => a.id === id) ? list.filter((a) => a.id !== id) : list));
  }

  clear(): void {
    this.state.set((list) => (list.length ? [] : list));
  }

  getSnapshot(): readonly ActiveAlert[] {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }
}
