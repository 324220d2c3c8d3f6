/** Options every Portico error accepts: a stable code, optional details and the cause. */
export interface PorticoErrorOptions {
  /** Stable, namespaced, never reused: `kernel/manifest-invalid`, `http/status`. */
  code: string;
  /** Extra, technical information for developers; never shown to end users. */
  details?: string;
  cause?: unknown;
}

/**
 * Base class of every error Portico throws. `message` is the user-facing short message
 * (exact strings of the spec's catalogue), `code` is stable for programmatic handling.
 */
export class PorticoError extends Error {
  override name = 'PorticoError';
  readonly code: string;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, options: PorticoErrorOptions) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.shortMessage = shortMessage;
    this.details = options.details;
  }
}

/** True when `value` is a PorticoError, also across bundle copies (checks the shape). */
export function isPorticoError(value: unknown): value is PorticoError {
  return (
    value instanceof PorticoError ||
    (value instanceof Error && typeof (value as Partial<PorticoError>).code === 'string' &&
      typeof (value as Partial<PorticoError>).shortMessage === 'string')
  );
}
