export { SOLANA_LOCALNET_GENESIS_HASH, startSolanaServer } from './solanaServer';
export type { SolanaServer, SolanaServerOptions } from './solanaServer';
