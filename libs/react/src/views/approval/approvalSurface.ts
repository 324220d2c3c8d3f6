import { createServiceRef } from '@portico/kernel';

/** What the wallet's own approval screen is shown with: the modal's theme and language. */
export interface ApprovalSurfaceAppearance {
  readonly themeMode: 'light' | 'dark';
  readonly themeVariables?: Readonly<Record<string, string | number>> | undefined;
  readonly locale: string;
}

/** A wallet's approval screen shown over a slot of the approval view; `detach` stops showing it. */
export interface ApprovalSurfaceHandle {
  update(appearance: ApprovalSurfaceAppearance): void;
  /** Moves keyboard focus into the wallet's screen. */
  focus(): void;
  detach(): void;
}

/**
 * A wallet that asks the user in its own UI (an embedded wallet's frame, on its own origin):
 * `attach` shows that UI over `slot` (the plugin places and sizes it), which reports the height
 * it needs and when Tab leaves it.
 */
export interface ApprovalSurface {
  attach(
    slot: HTMLElement,
    options: {
      readonly appearance: ApprovalSurfaceAppearance;
      /** The accessible name of the wallet's screen, in the modal's language. */
      readonly label: string;
      onHeight(px: number): void;
      onFocusLeave(direction: 'forward' | 'backward'): void;
    },
  ): ApprovalSurfaceHandle;
}

/** The approval screen of a connector's wallet, if it has one (registered by the wallet's plugin). */
export type ApprovalSurfaceSource = (connectorId: string) => ApprovalSurface | undefined;
/** Where a plugin registers its wallets' approval screens (a service is its id). */
export const approvalSurfaceRef = createServiceRef<ApprovalSurfaceSource>('react/approval-surface');
