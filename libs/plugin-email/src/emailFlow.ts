import type { ConnectedUser } from '@portico/react';
import { createObservable } from '@portico/kernel';
import { FrameRequestError } from '@portico/frame-protocol';
import { STEP_TIMEOUT_MS, type EmailLoginState, type EmailService } from './api';
import type { EmbeddedWallet } from './embeddedWallet';

/** A step that did not answer within the spec's 30 s: the views raise the socials-timeout alert. */
export class EmailStepTimeoutError extends Error {
  override name = 'EmailStepTimeoutError';
}

/**
 * The e-mail login steps over the frame, for the views: the address, the device link, the
 * passcode (the view then connects the AUTH connector). Each step but the device link (a person
 * opening a mail) times out after 30 s.
 */
export function createEmailFlow(parts: { wallet: EmbeddedWallet; stepTimeoutMs?: number; onEmailChanged?: (email: string) => void }): EmailService & { currentUser(): Promise<ConnectedUser> } {
  const state = createObservable<EmailLoginState>({});
  const timeoutMs = parts.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  const step = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof FrameRequestError && error.reason === 'timeout') throw new EmailStepTimeoutError(error.message);
      throw error;
    }
  };
  return {
    state,
    async connectEmail(email) {
      const { action } = await step(() => parts.wallet.request('CONNECT_EMAIL', { email }, { timeoutMs }));
      state.set({ email });
      return action === 'VERIFY_DEVICE' ? 'device' : 'otp';
    },
    async confirmDevice(signal) {
      await parts.wallet.request('CONNECT_DEVICE', {}, signal ? { signal } : {});
    },
    async confirmOtp(otp) {
      return (await step(() => parts.wallet.request('CONNECT_OTP', { otp }, { timeoutMs }))).recovery;
    },
    async socialRedirectUri(provider) {
      return (await step(() => parts.wallet.request('GET_SOCIAL_REDIRECT_URI', { provider }, { timeoutMs }))).uri;
    },
    // A person signs in at the provider meanwhile: no step timeout, the view cancels (popup closed).
    async connectSocial(uri, signal) {
      return (await parts.wallet.request('CONNECT_SOCIAL', { uri }, signal ? { signal } : {})).recovery;
    },
    // The QR code is answered on a phone: the spec's step timeout bounds the wait (the socials-timeout alert).
    async connectFarcaster(signal) {
      return (await step(() => parts.wallet.request('CONNECT_FARCASTER', {}, signal ? { timeoutMs, signal } : { timeoutMs }))).recovery;
    },
    // PBKDF2 (600 000 rounds) runs in the frame: no step timeout shorter than the spec's.
    async recoverWithPassword(password) {
      await step(() => parts.wallet.request('RECOVER_WITH_PASSWORD', { password }, { timeoutMs }));
    },
    async hasRecoveryPassword() {
      return (await step(() => parts.wallet.request('GET_RECOVERY', {}, { timeoutMs }))).password;
    },
    async setRecoveryPassword(password) {
      await step(() => parts.wallet.request('SET_RECOVERY_PASSWORD', { password }, { timeoutMs }));
    },
    async currentEmail() {
      return (await step(() => parts.wallet.request('GET_USER', {}, { timeoutMs }))).email;
    },
    /** The login's e-mail and, after a social login, the account's name there (the Account view shows them). */
    async currentUser() {
      const { email, userName } = await step(() => parts.wallet.request('GET_USER', {}, { timeoutMs }));
      return { email, userName };
    },
    async updateEmail(newEmail) {
      await step(() => parts.wallet.request('UPDATE_EMAIL', { email: newEmail }, { timeoutMs }));
    },
    async confirmUpdatePrimary(otp) {
      await step(() => parts.wallet.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }, { timeoutMs }));
    },
    async confirmUpdateSecondary(otp) {
      const { newEmail } = await step(() => parts.wallet.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }, { timeoutMs }));
      state.set({ email: newEmail });
      parts.onEmailChanged?.(newEmail);
      return newEmail;
    },
  };
}
