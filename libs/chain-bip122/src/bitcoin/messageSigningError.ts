import { PorticoError } from '@portico/kernel';

/** A message could not be signed: the address type is not supported or the key does not control the address. */
export class BitcoinMessageSigningError extends PorticoError {
  override name = 'BitcoinMessageSigningError';
  constructor(reason: string) {
    super(`Cannot sign the message: ${reason}`, { code: 'bip122/message-signing-failed' });
  }
}
