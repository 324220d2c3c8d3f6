export { PORTICO_CONNECTOR_ID, porticoConnector, RESTORE_TIMEOUT_MS } from './porticoConnector';
export type { PorticoConnectorParameters } from './porticoConnector';
export { chainOf, createPorticoWagmiConfig, porticoTransport } from './createPorticoWagmiConfig';
export type { PorticoWagmiConfigParameters } from './createPorticoWagmiConfig';
