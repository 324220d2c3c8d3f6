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

/**
 * A kind of account a chain plugin reports (`eoa`, `smartAccount`, Bitcoin's `payment` and
 * `ordinal`, …): the chain's own word, declared in its manifest's namespace (`accountTypes`,
 * `defaultAccountType`). The kernel only compares them.
 */
export type AccountType = string;

/** How an account type is spelled: a letter, then letters and digits, up to 32. */
export const ACCOUNT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
