export { startSwapProxy } from './createSwapProxy';
export type { SwapProxy, SwapProxyOptions } from './createSwapProxy';
