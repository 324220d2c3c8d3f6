import { createObservable, type Observable, type StoragePort } from '@portico/kernel';

/** The stored value that means "accepted"; anything else (or nothing) means not yet. */
const ACCEPTED = '1';

/** The host's legal links and whether the user accepted them on this site. */
export interface LegalConsent extends Observable<boolean> {
  readonly termsConditionsUrl: string | undefined;
  readonly privacyPolicyUrl: string | undefined;
  /** Whether there is anything to accept: at least one of the two links is configured. */
  readonly hasLinks: boolean;
  /** Records the user's choice (ticked or unticked) in the site's storage. */
  setAccepted(accepted: boolean): void;
  /** Stops following other tabs of the site. */
  dispose(): void;
}

/**
 * The terms / privacy acceptance behind the `legalCheckbox` flag, remembered per site under
 * `key` in the kernel's storage; another tab ticking or clearing it is followed.
 */
export function createLegalConsent(storage: StoragePort, key: string, urls: { termsConditionsUrl?: string | undefined; privacyPolicyUrl?: string | undefined }): LegalConsent {
  const read = () => storage.get(key) === ACCEPTED;
  const state = createObservable(read());
  const unsubscribe = storage.subscribe?.((changed) => (changed === null || changed === key) && state.set(read())) ?? (() => undefined);
  return {
    termsConditionsUrl: urls.termsConditionsUrl,
    privacyPolicyUrl: urls.privacyPolicyUrl,
    hasLinks: !!(urls.termsConditionsUrl || urls.privacyPolicyUrl),
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    setAccepted(accepted) {
      if (accepted) storage.set(key, ACCEPTED);
      else storage.remove(key);
      state.set(accepted);
    },
    dispose: unsubscribe,
  };
}
