import type { StoragePort } from '@portico/kernel';
import type { SiwxServerConfig } from './api';

/** Default lifetime of a sign-in session: 24 hours. */
export const SIWX_DEFAULT_EXPIRATION_MS = 24 * 60 * 60 * 1000;

/** Options of `createSiwxPlugin`. */
export interface SiwxPluginOptions {
  /** Sign-in is mandatory: cancel disconnects, closing is blocked until signed. Default false. */
  required?: boolean;
  /** The statement line of the message (ASCII, no line breaks). */
  statement?: string;
  /** Session lifetime in ms (`Expiration Time` = issued at + this). Default 24 h. */
  expirationMs?: number;
  /** The host's server: nonces, verification and sessions. Without it nonces come from the CSPRNG here. */
  server?: SiwxServerConfig;
  /** Where sessions persist; default the plugin's own kernel storage. */
  storage?: StoragePort;
  /** Message `domain` (RFC 3986 authority); default `location.host`. */
  domain?: string;
  /** Message `uri`; default `location.origin`. */
  uri?: string;
  /** The message's `Resources` (URIs the sign-in covers). */
  resources?: readonly string[];
}

/** Options with defaults applied. */
export interface ResolvedSiwxOptions extends Omit<SiwxPluginOptions, 'required' | 'expirationMs'> {
  required: boolean;
  expirationMs: number;
}

/** Applies defaults; throws a RangeError for a non-positive lifetime. */
export function resolveSiwxOptions(options: SiwxPluginOptions = {}): ResolvedSiwxOptions {
  const expirationMs = options.expirationMs ?? SIWX_DEFAULT_EXPIRATION_MS;
  if (!(expirationMs > 0) || !Number.isFinite(expirationMs)) throw new RangeError('siwx expirationMs must be a positive number of milliseconds');
  return { ...options, required: options.required ?? false, expirationMs };
}
