import { PorticoError } from '@portico/kernel';

/**
 * The sign-in server was given a configuration it must not run with (no domain, a malformed
 * one, a bad limit). Thrown by `createSiwxServer` and `readSiwxServerEnv`; `main.ts` prints
 * the message and exits non-zero.
 */
export class SiwxServerConfigError extends PorticoError {
  override name = 'SiwxServerConfigError';

  constructor(message: string) {
    super(message, { code: 'siwx-server/config-invalid' });
  }
}
