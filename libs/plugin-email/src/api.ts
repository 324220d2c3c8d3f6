import { createServiceRef, type Kernel, type Observable } from '@portico/kernel';

/** Id of the E-mail login plugin, for `requires` / `optional` in other manifests. */
export const EMAIL_PLUGIN_ID = 'email';
/** Id of the AUTH connector (the embedded wallet). */
export const EMAIL_CONNECTOR_ID = 'email';
/** The views of the e-mail login. */
export const EMAIL_VIEWS = {
  login: 'EmailLogin',
  device: 'EmailVerifyDevice',
  otp: 'EmailVerifyOtp',
  update: 'UpdateEmail',
  updatePrimary: 'UpdateEmailPrimaryOtp',
  updateSecondary: 'UpdateEmailSecondaryOtp',
  recover: 'EmailRecover',
  recoveryPassword: 'EmailRecoveryPassword',
} as const;
/** Spec §5: e-mail fields must be valid e-mail addresses (the service checks again). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec §9: e-mail and social connect steps time out after this long. */
export const STEP_TIMEOUT_MS = 30_000;

/** A social provider of the spec (§3). */
export type SocialProviderId = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster';

/** Where an e-mail login stands, for the views. */
export interface EmailLoginState {
  /** The address being logged in with. */
  readonly email?: string;
}

/** What the e-mail views use: the embedded wallet's login steps. */
export interface EmailService {
  readonly state: Observable<EmailLoginState>;
  /** Sends the address: the device link or the passcode is mailed. */
  connectEmail(email: string): Promise<'device' | 'otp'>;
  /** Waits until the mailed device link has been opened. */
  confirmDevice(signal?: AbortSignal): Promise<void>;
  /**
   * Checks the passcode (the view then connects the AUTH connector). On a device that holds no
   * share of the key: `password` (the recovery password unlocks it) or `unavailable` (none set).
   */
  confirmOtp(otp: string): Promise<'password' | 'unavailable' | undefined>;
  /** A social sign-in (plugin-socials): the provider's authorization URL for the popup (spec: get social redirect uri). */
  socialRedirectUri(provider: SocialProviderId): Promise<string>;
  /**
   * Finishes a social sign-in (spec: connect social) with `uri`, the provider's answer at the
   * sign-in service's callback as the popup's page handed it over: the frame checks it is the
   * answer to the flow it started and completes the flow with its own verifier (issue #36); then
   * the view connects the AUTH connector. On a device with no share of the key: `password` or
   * `unavailable`, as after a passcode.
   */
  connectSocial(uri: string, signal?: AbortSignal): Promise<'password' | 'unavailable' | undefined>;
  /**
   * Farcaster (spec: connect farcaster): waits, at most the step timeout (30 s), until the
   * Farcaster app has answered the channel whose URL `socialRedirectUri('farcaster')` gave (the
   * QR code) and the service has verified it; then as `connectSocial`.
   */
  connectFarcaster(signal?: AbortSignal): Promise<'password' | 'unavailable' | undefined>;
  /** Unlocks the wallet on this device with the recovery password. */
  recoverWithPassword(password: string): Promise<void>;
  /** Whether the wallet has a recovery password. */
  hasRecoveryPassword(): Promise<boolean>;
  /** Sets the recovery password (once): the key's third share, sealed under it, is kept by the auth service. */
  setRecoveryPassword(password: string): Promise<void>;
  /** The logged-in user's e-mail address. */
  currentEmail(): Promise<string | undefined>;
  /** Starts an e-mail change (spec §4): a passcode is mailed to the current address. */
  updateEmail(newEmail: string): Promise<void>;
  /** The passcode mailed to the current address: one is then mailed to the new address. */
  confirmUpdatePrimary(otp: string): Promise<void>;
  /** The passcode mailed to the new address: the change is made; resolves with the new address. */
  confirmUpdateSecondary(otp: string): Promise<string>;
}

/** The service ref of the e-mail login (registered when a frame URL is configured). */
export const emailServiceRef = createServiceRef<EmailService>('email/service');

/** Whether the host lists the e-mail plugin and it is on (resolved, or active already). */
export const hasEmailPlugin = (kernel: Pick<Kernel, 'plugins'>): boolean => ['resolved', 'activating', 'active'].includes(kernel.plugins.get(EMAIL_PLUGIN_ID)?.status ?? '');

/**
 * The e-mail login's service, activating the plugin first (its code loads on first use: a social
 * login needs the e-mail wallet); undefined when the host has no e-mail plugin that offers a login
 * (none listed, turned off, or without a frame).
 */
export async function activeEmailService(kernel: Pick<Kernel, 'plugins' | 'hasService' | 'getService'>): Promise<EmailService | undefined> {
  await kernel.plugins.activate(EMAIL_PLUGIN_ID);
  return kernel.hasService(emailServiceRef) ? kernel.getService(emailServiceRef) : undefined;
}
