export { startIndexer } from './createIndexer';
export type { Indexer, IndexerOptions } from './createIndexer';
