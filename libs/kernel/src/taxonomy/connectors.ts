/** The spec's connector types: how a wallet is reached. Part of the platform contract. */
export const CONNECTOR_TYPES = ['INJECTED', 'ANNOUNCED', 'EXTERNAL', 'MULTI_CHAIN', 'WALLET_CONNECT', 'AUTH'] as const;

/** One of `CONNECTOR_TYPES`. */
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/** The spec's connector groups in their display order. */
export const CONNECTOR_GROUPS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const;

/** One of `CONNECTOR_GROUPS`. */
export type ConnectorGroup = (typeof CONNECTOR_GROUPS)[number];

/** The group a connector of `type` belongs to unless it names one. */
export function defaultConnectorGroup(type: ConnectorType): ConnectorGroup {
  if (type === 'WALLET_CONNECT') return 'walletConnect';
  if (type === 'EXTERNAL') return 'external';
  return 'injected';
}

/** Account kinds a chain plugin can report; chains declare their default. */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const;

/** One of `ACCOUNT_TYPES`. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];
