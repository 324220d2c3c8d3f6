// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin, type StoragePort } from '@portico/kernel';
import { ConfigInvalidError } from '@portico/kernel/errors';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { en, type Portico, type PorticoConfig } from '@portico/core';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import ConnectView from './ConnectView';

/** E-mail and social login as contributions only (their plugins belong to apps). */
const socials = definePlugin({
  manifest: {
    id: 'test-socials',
    version: '0.1.0',
    kernel: '^0.1.0',
    contributes: {
      connectMethods: [
        { id: 'email', label: 'Email', order: 10, view: 'Email', icon: 'mail' },
        { id: 'social', label: 'Social', order: 20, view: 'Social', options: 'socialProviders' },
      ],
      socialProviders: [
        { id: 'google', label: 'Google', order: 10 },
        { id: 'github', label: 'GitHub', order: 20 },
      ],
    },
  },
});

const TERMS = 'https://app.example/terms';
const PRIVACY = 'https://app.example/privacy';
const live: Portico[] = [];

afterEach(async () => {
  cleanup();
  await Promise.all(live.splice(0).map((p) => p.dispose()));
});

async function setUp(config: Partial<PorticoConfig> & { withSocials?: boolean; storage?: StoragePort } = {}) {
  const { withSocials = true, storage = createMemoryStorage(), ...rest } = config;
  const chain = acmeChain();
  const portico = createPortico({
    projectId: 'p',
    networks: acmeNetworks,
    plugins: [chain.plugin, ...(withSocials ? [socials] : [])],
    storage,
    logLevel: 'silent',
    termsConditionsUrl: TERMS,
    privacyPolicyUrl: PRIVACY,
    ...rest,
  });
  live.push(portico);
  await portico.start();
  // As the modal's first open does: the actions' code and the complete English are there before a click.
  await portico.preload();
  portico.i18n.provideEnglish(en);
  render(
    <PorticoProvider portico={portico}>
      <ConnectView />
    </PorticoProvider>,
  );
  return { portico, calls: chain.calls, storage };
}

const connectMethodButtons = () => ['Acme Wallet', 'All Wallets', 'Email', 'Continue with Google', 'Continue with GitHub'].map((name) => screen.getByRole('button', { name }));

describe('ConnectView with the legalCheckbox flag', () => {
  it('off (the default): no checkbox, and connecting works at once', async () => {
    const { calls } = await setUp();
    expect(screen.queryByRole('checkbox')).toBeNull();
    for (const button of connectMethodButtons()) expect(button.hasAttribute('disabled')).toBe(false);
    await act(async () => screen.getByRole('button', { name: 'Acme Wallet' }).click());
    expect(calls).toEqual(['connect:acme-wallet']);
  });

  it('on: every connect method is disabled, saying why, until the box (linking the terms and privacy policy) is ticked', async () => {
    const { portico, calls } = await setUp({ features: { legalCheckbox: true } });
    // happy-dom puts a space between the link and the full stop in the accessible name; Chromium does not.
    const box = screen.getByRole('checkbox', { name: /^I agree to the Terms of Service and the Privacy Policy\s?\.$/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    const label = box.closest('label')!;
    expect(within(label).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(TERMS);
    expect(within(label).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(PRIVACY);
    const reason = screen.getByText('Accept the terms above to connect a wallet.');
    for (const button of connectMethodButtons()) {
      expect(button.hasAttribute('disabled'), button.textContent ?? '').toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
    await act(async () => screen.getByRole('button', { name: 'Acme Wallet' }).click());
    await act(async () => screen.getByRole('button', { name: 'Email' }).click());
    expect(calls).toEqual([]);
    expect(portico.kernel.router.getSnapshot().current.view).not.toBe('Email');

    await act(async () => box.click());
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Accept the terms above to connect a wallet.')).toBeNull();
    for (const button of connectMethodButtons()) {
      expect(button.hasAttribute('disabled')).toBe(false);
      expect(button.hasAttribute('aria-describedby')).toBe(false);
    }
    await act(async () => screen.getByRole('button', { name: 'Acme Wallet' }).click());
    expect(calls).toEqual(['connect:acme-wallet']);
  });

  it('remembers the choice for the site under the storage key, and unticking forgets it', async () => {
    const storage = createMemoryStorage();
    await setUp({ features: { legalCheckbox: true }, storage, storageKey: 'host-app' });
    await act(async () => screen.getByRole('checkbox').click());
    expect(storage.dump()).toMatchObject({ 'host-app/legal-consent': '1' });
    cleanup();
    await setUp({ features: { legalCheckbox: true }, storage, storageKey: 'host-app' });
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Acme Wallet' }).hasAttribute('disabled')).toBe(false);
    await act(async () => screen.getByRole('checkbox').click());
    expect(storage.dump()['host-app/legal-consent']).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Acme Wallet' }).hasAttribute('disabled')).toBe(true);
  });

  it('follows the flag at run time, and links only the page the host gave', async () => {
    const { portico } = await setUp({ privacyPolicyUrl: undefined });
    expect(screen.queryByRole('checkbox')).toBeNull();
    act(() => portico.kernel.setFeature('legalCheckbox', true));
    const box = screen.getByRole('checkbox', { name: /^I agree to the Terms of Service\s?\.$/ });
    expect(within(box.closest('label')!).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([TERMS]);
    expect(screen.getByRole('button', { name: 'Acme Wallet' }).hasAttribute('disabled')).toBe(true);
  });

  it('holds nothing back when the host gave no link: there is nothing to accept', async () => {
    const { calls } = await setUp({ features: { legalCheckbox: true }, termsConditionsUrl: undefined, privacyPolicyUrl: undefined });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Acme Wallet' }).click());
    expect(calls).toEqual(['connect:acme-wallet']);
  });

  it('accepts only http(s) URLs for the links', () => {
    expect(() => createPortico({ projectId: 'p', logLevel: 'silent', termsConditionsUrl: 'javascript:alert(1)' })).toThrow(ConfigInvalidError);
    expect(() => createPortico({ projectId: 'p', logLevel: 'silent', privacyPolicyUrl: 'privacy.html' })).toThrow(/privacyPolicyUrl/);
  });
});

describe('ConnectView with the collapseWallets flag', () => {
  it('off (the default): the wallets are listed after e-mail and socials', async () => {
    await setUp();
    expect(screen.getByRole('region', { name: 'Wallets' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });

  it('on: e-mail and socials first, the wallets behind one button that reveals them and moves focus to the first', async () => {
    const { calls } = await setUp({ features: { collapseWallets: true } });
    expect(screen.queryByRole('region', { name: 'Wallets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Acme Wallet' })).toBeNull();
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.querySelector('.pt-list-item-label')?.textContent);
    expect(names).toEqual(['Email', 'Continue with Google', 'Continue with GitHub', 'Continue with a wallet']);
    const more = screen.getByRole('button', { name: 'Continue with a wallet' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await act(async () => more.click());
    const wallets = screen.getByRole('region', { name: 'Wallets' });
    expect(more.getAttribute('aria-controls')).toBe(wallets.id);
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
    const acme = within(wallets).getByRole('button', { name: 'Acme Wallet' });
    expect(document.activeElement).toBe(acme);
    expect(within(wallets).getByRole('button', { name: 'All Wallets' })).toBeTruthy();
    await act(async () => acme.click());
    expect(calls).toEqual(['connect:acme-wallet']);
  });

  it('on, with no e-mail or social method: nothing to collapse, the wallets are listed directly', async () => {
    await setUp({ features: { collapseWallets: true }, withSocials: false });
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Wallets' })).getByRole('button', { name: 'Acme Wallet' })).toBeTruthy();
  });

  it('with legalCheckbox too: the wallet button waits for the terms like every other method', async () => {
    await setUp({ features: { collapseWallets: true, legalCheckbox: true } });
    expect(screen.getByRole('button', { name: 'Continue with a wallet' }).hasAttribute('disabled')).toBe(true);
    await act(async () => screen.getByRole('checkbox').click());
    expect(screen.getByRole('button', { name: 'Continue with a wallet' }).hasAttribute('disabled')).toBe(false);
  });
});
