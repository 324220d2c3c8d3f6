import { createServiceRef, type ServiceRef } from '@portico/kernel';

/**
 * The service a plugin registers when its connector's provider loads on demand (WalletConnect's
 * session providers): the connect action awaits it before any adapter connects through the
 * connector `connectorId`, so nothing of that provider is fetched before the user picks it. A
 * rejection fails the connect attempt with its error; the preparer may re-register the connector
 * with fewer namespaces (the connect action reads it again afterwards).
 */
export function connectorPreparerRef(connectorId: string): ServiceRef<() => Promise<void>> {
  // A service id takes a-z, 0-9, '.' and '-': any other character of the connector id is written
  // as '-' and four hex digits, so two ids never share a ref ('walletConnect' → 'wallet-0043onnect').
  const encoded = connectorId.replace(/[^a-z0-9.]/g, (c) => `-${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return createServiceRef<() => Promise<void>>(`connector-preparer/c${encoded}`);
}
