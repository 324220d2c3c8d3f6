export { referenceQuote, startOnrampService } from './createOnrampService';
export type { OnrampService, OnrampServiceOptions } from './createOnrampService';
