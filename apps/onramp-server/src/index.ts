export { startOnrampServer } from './createOnrampServer';
export type { OnrampServer, OnrampServerOptions } from './createOnrampServer';
export { cdpJwt, decimalString, fromCoinbaseQuote, fromMeldQuotes, OnrampProviderError, providerErrorMessage } from './adapters';
export type { PorticoQuote } from './adapters';
