export { startEsploraServer } from './esploraServer';
export type { EsploraServer, EsploraServerOptions } from './esploraServer';
