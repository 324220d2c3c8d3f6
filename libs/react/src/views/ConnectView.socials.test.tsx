// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { en, type Portico } from '@portico/core';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import ConnectView, { OPTION_ICONS_SHOWN } from './ConnectView';

const NAMES = ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'];
/** Social login with `count` providers, as contributions only. */
const socials = (count: number) =>
  definePlugin({
    manifest: {
      id: 'test-socials',
      version: '0.1.0',
      kernel: '^0.1.0',
      contributes: {
        views: [{ id: 'Social', title: 'Social' }],
        connectMethods: [
          { id: 'social', label: 'Social', order: 20, view: 'Social', options: 'socialProviders' },
          // A method of anyone's: a row with its label and its icon, opening its view.
          { id: 'passkey', label: 'Passkey', order: 30, view: 'Social', icon: 'key' },
          // A name the Account view draws (NAMED_ICONS) but not the Connect view (CONNECT_ICONS): the label's initial.
          { id: 'trade', label: 'Trade', order: 40, view: 'Social', icon: 'swap' },
        ],
        socialProviders: NAMES.slice(0, count).map((label, i) => ({ id: label.toLowerCase(), label, order: i })),
      },
    },
  });

const live: Portico[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(live.splice(0).map((p) => p.dispose()));
});

async function setUp(count: number, hidden: string[] = []) {
  const portico = createPortico({
    projectId: 'p',
    networks: acmeNetworks,
    plugins: [acmeChain().plugin, socials(count)],
    contributions: { socialProviders: { disabled: hidden } },
    storage: createMemoryStorage(),
    logLevel: 'silent',
  });
  live.push(portico);
  await portico.start();
  await portico.preload();
  portico.i18n.provideEnglish(en);
  render(
    <PorticoProvider portico={portico}>
      <ConnectView />
    </PorticoProvider>,
  );
  return portico;
}
/** The providers' buttons on the view, by accessible name, in the view's order. */
const socialButtons = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '')
    .map((name) => /Continue with (\w+)$/.exec(name)?.[0])
    .filter((name): name is string => name !== undefined && name !== 'Continue with a wallet');

describe('ConnectView: social providers', () => {
  it('seven: the first wide, three as icons, the rest behind "More", which reveals them in place and moves focus to the first it revealed', async () => {
    await setUp(7);
    expect(OPTION_ICONS_SHOWN).toBe(3);
    expect(socialButtons()).toEqual(['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Farcaster']);
    const more = screen.getByRole('button', { name: '3 more sign-in options' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.click());
    expect(socialButtons()).toEqual(NAMES.map((n) => `Continue with ${n}`));
    expect(screen.queryByRole('button', { name: /more sign-in options/ })).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Continue with GitHub');
  });

  it('five: one more than the icons would leave behind "More" shows instead of it', async () => {
    await setUp(5);
    expect(socialButtons()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /more sign-in options/ })).toBeNull();
  });

  it("a choice opens the method's view with the choice's id, as `option`", async () => {
    const portico = await setUp(3);
    act(() => screen.getByRole('button', { name: 'Continue with X' }).click());
    expect(portico.kernel.router.getSnapshot().current).toMatchObject({ view: 'Social', params: { option: 'x' } });
  });

  it('a method whose choices the host hid all shows nothing, and the other methods stay', async () => {
    await setUp(2, ['google', 'x']);
    expect(socialButtons()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Social' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Social' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Passkey' }).querySelector('svg')).not.toBeNull();
    const trade = screen.getByRole('button', { name: 'Trade' });
    expect(trade.querySelector('svg, img')).toBeNull();
    expect(trade.querySelector('.pt-avatar')?.textContent).toBe('T');
  });
});
