import type { PorticoError } from '../errors/PorticoError';

/** How the modal closed; what `open()` resolves with. */
export type CloseReason = 'connected' | 'cancelled' | 'closed';

/** Connection status of one chain namespace. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/**
 * The kernel's event map: `<area>:<past-tense fact>` → payload. Plugins add their own
 * events by declaration merging:
 * `declare module '@portico/kernel' { interface PorticoEvents { 'swap:quoted': Quote } }`.
 */
export interface PorticoEvents {
  'plugin:activated': { id: string };
  'plugin:failed': { id: string; error: PorticoError };
  'plugin:disposed': { id: string };
  'flag:changed': { id: string; value: boolean };
  'view:changed': { view: string; previous: string | undefined };
  'modal:opened': { view: string };
  'modal:closed': { reason: CloseReason };
  'modal:close-blocked': { view: string };
  'connection:status-changed': { namespace: string; status: ConnectionStatus };
  /** A connect attempt ended without connecting: refused, failed, cancelled, or superseded by a newer one. */
  'connection:attempt-abandoned': { namespace: string; connectorId: string; reason: 'ended' | 'superseded' };
  'account:connected': { namespace: string; address: string; connectorId: string | undefined };
  'account:changed': { namespace: string; address: string };
  'account:disconnected': { namespace: string };
  'network:switched': { namespace: string; network: string };
  /** The modal's first listing of registry wallets (featured, recommended) is done: how many it listed (0 when the registry failed). */
  'wallets:listed': { featured: number; recommended: number };
  'rpc:approval-requested': { id: string; namespace: string; method: string };
  'rpc:approval-settled': { id: string; approved: boolean };
  'rpc:rejected': { namespace: string; method: string };
  'kernel:started': Record<string, never>;
  'kernel:disposed': Record<string, never>;
}
