// Errors a connection raises once the user connects: loaded with the code that connects.
import { PorticoError } from './PorticoError';

/** `Chain is not supported`. */
export class ChainNotSupportedError extends PorticoError {
  override name = 'ChainNotSupportedError';
  constructor(details?: string) {
    super('Chain is not supported', { code: 'kernel/chain-not-supported', details });
  }
}
