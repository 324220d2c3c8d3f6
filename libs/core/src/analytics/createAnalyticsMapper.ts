import { isPorticoError, type Kernel, type PorticoError } from '@portico/kernel';
import { classifyError } from '@portico/kernel/errors';
import type { ConnectAttempt } from '../portico/createPortico';
import type { AnalyticsEvent, AnalyticsProperties } from './AnalyticsEvent';

/**
 * A fact as `createAnalytics` recorded it, before it is mapped: a kernel event (`name` and its
 * payload), or `connect:attempt` with the connect attempt's new state. `at` is when it happened.
 */
export interface AnalyticsFact {
  readonly name: string;
  readonly payload: unknown;
  readonly at: number;
}

/** Payload fields the mapper reads; each kernel event carries a few of them. */
type Payload = Partial<{
  view: string;
  previous: string;
  reason: string;
  namespace: string;
  status: string;
  address: string;
  caipAddress: string;
  connectorId: string;
  network: string;
  method: string;
  approved: boolean;
  id: string;
  error: PorticoError;
}>;

/**
 * Makes the function that turns recorded facts into analytics events (undefined for a fact that
 * is none). Connect events carry the connector's type; a failure carries `classifyError`'s kind
 * and code, never a message; addresses only with `includeAddresses`.
 */
export function createAnalyticsMapper(connectors: Kernel['connectors'], includeAddresses: boolean): (fact: AnalyticsFact) => AnalyticsEvent | undefined {
  // The attempt changes for `slow` too: each attempt starts and fails once.
  let started: number | undefined;
  let failed: number | undefined;
  const connector = (connectorId: string | undefined) => ({ connectorId, connectorType: connectorId ? connectors.get(connectorId)?.type : undefined });
  const address = (value: string | undefined) => (includeAddresses ? value : undefined);
  const namespaceOf = (caipAddress: string | undefined) => caipAddress?.split(':')[0];

  const properties = (name: string, p: Payload): [AnalyticsEvent['type'], Record<string, string | number | boolean | undefined>] | undefined => {
    switch (name) {
      case 'modal:opened':
        return ['modal_opened', { view: p.view }];
      case 'modal:closed':
        return ['modal_closed', { reason: p.reason }];
      case 'view:changed':
        return ['view_changed', { view: p.view, previous: p.previous }];
      case 'account:connected':
        return ['connect_succeeded', { namespace: p.namespace, ...connector(p.connectorId), address: address(p.address) }];
      case 'connection:attempt-abandoned':
        return ['connect_abandoned', { namespace: p.namespace, ...connector(p.connectorId), reason: p.reason }];
      case 'connection:status-changed':
        return ['connection_status_changed', { namespace: p.namespace, status: p.status }];
      case 'account:changed':
        return ['account_changed', { namespace: p.namespace, address: address(p.address) }];
      case 'account:disconnected':
        return ['disconnected', { namespace: p.namespace }];
      case 'network:switched':
        return ['network_switched', { namespace: p.namespace, network: p.network }];
      case 'rpc:approval-requested':
        return ['rpc_requested', { namespace: p.namespace, method: p.method }];
      case 'rpc:approval-settled':
        return ['rpc_settled', { approved: p.approved }];
      case 'rpc:rejected':
        return ['rpc_rejected', { namespace: p.namespace, method: p.method }];
      case 'plugin:failed':
        return ['error', { source: 'plugin', pluginId: p.id, errorCode: isPorticoError(p.error) ? p.error.code : classifyError(p.error).code }];
      case 'siwx:session-added':
        return ['sign_in_succeeded', { namespace: namespaceOf(p.caipAddress), address: address(p.caipAddress) }];
      case 'siwx:session-removed':
        return ['signed_out', { namespace: namespaceOf(p.caipAddress) }];
      default:
        return undefined;
    }
  };
  const attempt = (now: ConnectAttempt | undefined): ReturnType<typeof properties> => {
    if (now?.status === 'connecting' && started !== now.id) {
      started = now.id;
      return ['connect_started', connector(now.connectorId)];
    }
    if (now?.status === 'failed' && failed !== now.id) {
      failed = now.id;
      const { kind, code } = classifyError(now.error);
      return ['connect_failed', { ...connector(now.connectorId), errorKind: kind, errorCode: code }];
    }
    return undefined;
  };

  return ({ name, payload, at }) => {
    const mapped = name === 'connect:attempt' ? attempt(payload as ConnectAttempt | undefined) : properties(name, (payload ?? {}) as Payload);
    if (!mapped) return undefined;
    const defined = Object.fromEntries(Object.entries(mapped[1]).filter(([, value]) => value !== undefined)) as AnalyticsProperties;
    return { type: mapped[0], timestamp: at, properties: defined };
  };
}
