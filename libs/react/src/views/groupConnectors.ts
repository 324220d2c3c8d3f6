import { CONNECTOR_GROUPS, type ConnectorGroup, type RecentWallet, type RegisteredConnector } from '@portico/kernel';

/** The spec's name of the legacy injected provider, hidden on desktop next to announced wallets. */
export const BROWSER_WALLET_NAME = 'Browser Wallet';

/** Options of `groupConnectors`. */
export interface GroupOptions {
  recent: readonly RecentWallet[];
  excluded: ReadonlySet<string>;
  isMobile: boolean;
  namespaces?: ReadonlySet<string> | undefined;
}

/**
 * Groups connectors in the platform order (walletConnect, recent, injected, featured,
 * custom, external, recommended): recent wallets (newest first) move to "recent",
 * excluded ids are hidden, and the legacy "Browser Wallet" is hidden on desktop when an
 * announced wallet exists.
 */
export function groupConnectors(connectors: readonly RegisteredConnector[], options: GroupOptions): Array<{ group: ConnectorGroup; connectors: RegisteredConnector[] }> {
  const announced = connectors.some((c) => c.type === 'ANNOUNCED' || c.type === 'MULTI_CHAIN');
  const visible = connectors.filter(
    (c) =>
      // Embedded wallets (e-mail, socials) are reached through their connect method, not listed as wallets.
      c.type !== 'AUTH' &&
      !options.excluded.has(c.id) &&
      !(c.rdns && options.excluded.has(c.rdns)) &&
      !(!options.isMobile && announced && c.type === 'INJECTED' && c.name === BROWSER_WALLET_NAME) &&
      (!options.namespaces || c.namespaces.some((ns) => options.namespaces!.has(ns))),
  );
  const recentIds = options.recent.map((w) => w.id);
  const groups = new Map<ConnectorGroup, RegisteredConnector[]>(CONNECTOR_GROUPS.map((g) => [g, []]));
  for (const connector of visible) {
    const group = recentIds.includes(connector.id) && connector.group !== 'walletConnect' ? 'recent' : connector.group;
    groups.get(group)!.push(connector);
  }
  groups.get('recent')!.sort((a, b) => recentIds.indexOf(a.id) - recentIds.indexOf(b.id));
  for (const [group, list] of groups) {
    if (group !== 'recent') list.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || 0);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([group, list]) => ({ group, connectors: list }));
}
