export { manifest as swapsManifest } from './manifest';
export { createSwapsPlugin, swapsPlugin } from './plugin';
export { DEFAULT_QUOTE_TTL_MS, DEFAULT_SLIPPAGE, DEFAULT_SWAP_NETWORKS, UNISWAP_V2_MAINNET } from './options';
export type { SwapsPluginOptions } from './options';
export { NATIVE_TOKEN, SWAPS_PLUGIN_ID, swapProblem } from './api';
export type { SwapIo, SwapProblem, SwapProblemKind, SwapProvider, SwapProviderConfig, SwapQuote, SwapQuoteRequest, SwapsSettings, SwapTransaction, UniswapV2Deployment } from './api';
export { createUniswapV2Provider } from './providers/uniswapV2';
export { createOneInchProvider } from './providers/oneInch';
