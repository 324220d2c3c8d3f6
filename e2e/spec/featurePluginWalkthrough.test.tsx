// @vitest-environment happy-dom
/**
 * The feature-plugin walk-through in docs/plugins.md, run: a view, a wallet button, an account
 * tab, a flag, an RPC policy, a service and its own strings, written against the public API
 * only, in 50 lines at most. The page must show the code exactly as it is here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryStorage } from '@portico/kernel';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { createPortico, PorticoProvider, type Portico, type ViewProps } from '@portico/react';
import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rewardsPlugin, rewardsRef } from './walkthrough/rewardsPlugin';

const FILE = 'rewardsPlugin.tsx';
// happy-dom gives `import.meta.url` no file: URL; the directory is still known.
const source = readFileSync(join(import.meta.dirname, 'walkthrough', FILE), 'utf8');
const PAGE = readFileSync(join(import.meta.dirname, '../../docs/plugins.md'), 'utf8');

const made: Portico[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(made.splice(0).map((p) => p.dispose()));
});

/** A view of the plugin, loaded as the modal loads it (kernel view modules are untyped). */
const viewOf = async (portico: Portico, id: string) => (await portico.kernel.loadView(id)).default as ComponentType<ViewProps>;

async function connected(features?: Record<string, boolean>) {
  const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent', networks: acmeNetworks, plugins: [acmeChain().plugin, rewardsPlugin], ...(features ? { features } : {}) });
  made.push(portico);
  await portico.start();
  await portico.connect('acme-wallet');
  return portico;
}

describe('the feature plugin walk-through (docs/plugins.md)', () => {
  it('is shown in docs/plugins.md exactly as it is, and is 50 lines at most (#39)', () => {
    expect(PAGE).toContain(`<!-- snippet: e2e/spec/walkthrough/${FILE} -->\n\`\`\`tsx\n${source}\`\`\``);
    expect(source.split('\n').length - 1).toBeLessThanOrEqual(50);
  });

  it('contributes its button (with its icon) and tab on its namespace only, and its policy', async () => {
    const { kernel } = await connected();
    expect(kernel.contributions.list('walletButtons', 'acme').map((b) => [b.id, b.icon])).toContainEqual(['rewards', 'buy']);
    expect(kernel.contributions.list('accountTabs', 'acme').map((t) => t.id)).toEqual(['tokens', 'rewards']);
    expect(kernel.contributions.list('accountTabs', 'other').map((t) => t.id)).toEqual(['tokens']);
    expect(['acme_rewardPoints', 'acme_claimRewards', 'acme_drain'].map((m) => kernel.rpcPolicy.classify(m, 'acme'))).toEqual(['safe', 'confirm', 'reject']);
  });

  it('its view shows the points it counted; Claim waits on the approval view, then resets them', async () => {
    const portico = await connected();
    const RewardsView = await viewOf(portico, 'Rewards');
    render(
      <PorticoProvider portico={portico}>
        <RewardsView />
      </PorticoProvider>,
    );
    expect(screen.getByTestId('rewards-points').textContent).toBe('10 points');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Claim' })));
    // The gate loads its approval flow with the first request that needs the user.
    await vi.waitFor(() => expect(portico.kernel.requestGate.getSnapshot().pending).toHaveLength(1), { timeout: 10_000 });
    const [pending] = portico.kernel.requestGate.getSnapshot().pending;
    expect(pending?.method).toBe('acme_claimRewards');
    expect(portico.kernel.router.getSnapshot().current.view).toBe('ApproveTransaction');
    await act(async () => portico.kernel.requestGate.approve(pending!.id));
    expect(screen.getByTestId('rewards-points').textContent).toBe('0 points');
    const account = portico.kernel.connection.get('acme').address!;
    expect(portico.kernel.getService(rewardsRef).points.getSnapshot()).toEqual({ [account]: 0 });
  });

  it('speaks French from its own catalogue', async () => {
    const portico = await connected();
    await portico.i18n.setLocale('fr');
    const RewardsView = await viewOf(portico, 'Rewards');
    render(
      <PorticoProvider portico={portico}>
        <RewardsView />
      </PorticoProvider>,
    );
    // Its French is a module of its own (locales/rewards.fr.ts): the button reads it once it has loaded.
    expect(await screen.findByRole('button', { name: 'Réclamer' })).toBeTruthy();
  });

  it('its manifest labels read in French from its catalogue: the Account view names its button "Récompenses"', async () => {
    const portico = await connected();
    await portico.i18n.setLocale('fr');
    const AccountView = await viewOf(portico, 'Account');
    render(
      <PorticoProvider portico={portico}>
        <AccountView />
      </PorticoProvider>,
    );
    await vi.waitFor(() => expect(document.querySelector('[data-wallet-button="rewards"]')?.textContent).toContain('Récompenses'), { timeout: 10_000 });
    // The tab has no label of its own in the catalogue: it reads as its view's title, translated.
    expect(screen.getByRole('tab', { name: 'Récompenses' })).toBeTruthy();
  });

  it('with its flag off, nothing of it is there', async () => {
    const { kernel } = await connected({ rewards: false });
    expect(kernel.contributions.list('walletButtons', 'acme').map((b) => b.id)).not.toContain('rewards');
    expect(kernel.contributions.list('accountTabs', 'acme').map((t) => t.id)).toEqual(['tokens']);
    expect(kernel.rpcPolicy.classify('acme_claimRewards', 'acme')).toBe('reject');
  });
});
