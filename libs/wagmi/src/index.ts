export { PORTICO_CONNECTOR_ID, porticoConnector } from './porticoConnector';
export type { PorticoConnectorParameters } from './porticoConnector';
export { chainOf, createPorticoWagmiConfig } from './createPorticoWagmiConfig';
export type { PorticoWagmiConfigParameters } from './createPorticoWagmiConfig';
