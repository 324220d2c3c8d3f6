// @vitest-environment happy-dom
import { createMemoryStorage, createWebStorage } from '@portico/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { createLegalConsent } from './createLegalConsent';

afterEach(() => localStorage.clear());

describe('createLegalConsent', () => {
  it('starts from what the storage holds, and stores ticking and unticking', () => {
    const storage = createMemoryStorage({ 'app/legal-consent': '1' });
    const consent = createLegalConsent(storage, 'app/legal-consent', { termsConditionsUrl: 'https://a.example/t' });
    expect(consent.getSnapshot()).toBe(true);
    expect(consent.hasLinks).toBe(true);
    let changes = 0;
    consent.subscribe(() => changes++);
    consent.setAccepted(false);
    expect([consent.getSnapshot(), storage.dump(), changes]).toEqual([false, {}, 1]);
    consent.setAccepted(true);
    expect([consent.getSnapshot(), storage.dump(), changes]).toEqual([true, { 'app/legal-consent': '1' }, 2]);
  });

  it('has nothing to accept without a link', () => {
    expect(createLegalConsent(createMemoryStorage(), 'k', {}).hasLinks).toBe(false);
  });

  it('follows another tab of the site ticking or clearing it, until disposed', () => {
    const consent = createLegalConsent(createWebStorage(), 'app/legal-consent', { privacyPolicyUrl: 'https://a.example/p' });
    expect(consent.getSnapshot()).toBe(false);
    // What the browser does when another page of the origin writes the key.
    localStorage.setItem('app/legal-consent', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'app/legal-consent', storageArea: localStorage }));
    expect(consent.getSnapshot()).toBe(true);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(consent.getSnapshot()).toBe(false);
    consent.dispose();
    localStorage.setItem('app/legal-consent', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'app/legal-consent', storageArea: localStorage }));
    expect(consent.getSnapshot()).toBe(false);
  });
});
