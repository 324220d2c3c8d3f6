import { PorticoError } from '@portico/kernel';

/** `iframe is not set`: the embedded wallet frame was used before it was mounted. */
export class IframeNotSetError extends PorticoError {
  override name = 'IframeNotSetError';
  constructor() {
    super('iframe is not set', { code: 'email/iframe-not-set' });
  }
}
