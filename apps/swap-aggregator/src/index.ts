export { startSwapAggregator } from './createSwapAggregator';
export type { SwapAggregator, SwapAggregatorOptions } from './createSwapAggregator';
