import { PorticoError } from '@portico/kernel';

/** The user-facing strings of the sign-in flow (spec §8), exact. */
export const SIWX_MESSAGES = {
  initFailed: 'A problem occurred while trying initialize authentication',
  declined: 'Signature declined',
  smartAccount: 'This application might not support Smart Accounts',
  authenticating: 'Authenticating...',
} as const;

/** `SIWX is not enabled`: the sign-in service was used while the plugin is not active. */
export class SiwxNotEnabledError extends PorticoError {
  override name = 'SiwxNotEnabledError';
  constructor() {
    super('SIWX is not enabled', { code: 'siwx/not-enabled' });
  }
}

/** Preparing the message failed (nonce, unsupported network, invalid fields); the wallet is disconnected. */
export class SiwxInitError extends PorticoError {
  override name = 'SiwxInitError';
  constructor(cause: unknown, details?: string) {
    super(SIWX_MESSAGES.initFailed, { code: 'siwx/init-failed', cause, details });
  }
}

/** The wallet declined to sign, or a verifier rejected the signature. */
export class SiwxSignatureDeclinedError extends PorticoError {
  override name = 'SiwxSignatureDeclinedError';
  constructor(shortMessage: string, cause?: unknown) {
    super(shortMessage, { code: 'siwx/signature-declined', cause });
  }
}
