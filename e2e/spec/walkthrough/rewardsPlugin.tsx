import { createObservable, createServiceRef, definePlugin, kernelRefs, type Observable } from '@portico/kernel';
import { definePluginMessages, useObservable, usePluginT, usePortico } from '@portico/react';
import { Button } from '@portico/ui';

/** Points per CAIP-10 account, and a claim through the RPC gate: a service other code reaches by its ref. */
export const rewardsRef = createServiceRef<{ points: Observable<Record<string, number>>; claim(account: string): Promise<void> }>('acme-rewards/service');

// The view's words and two manifest labels (title, button); French is a module of its own, loaded when the modal speaks it.
export const en = { 'rewards.points': '{points} points', 'rewards.claim': 'Claim', 'rewards.none': 'Connect to earn points', 'views.Rewards': 'Rewards', 'walletButtons.rewards': 'Rewards' };
const messages = definePluginMessages({ en, locales: { fr: () => import('./locales/rewards.fr') } });

/** The Rewards view, a page and an Account tab: the connected account's points and a Claim button. */
function RewardsView() {
  const { kernel } = usePortico('RewardsView');
  const t = usePluginT(messages);
  const rewards = kernel.getService(rewardsRef);
  const points = useObservable(rewards.points);
  const account = useObservable(kernel.connection).namespaces.acme?.address;
  if (!account) return <p>{t('rewards.none')}</p>;
  return (
    <div>
      <p data-testid="rewards-points">{t('rewards.points', { points: String(points[account] ?? 0) })}</p>
      <Button block onClick={() => void rewards.claim(account)}>{t('rewards.claim')}</Button>
    </div>
  );
}

export const rewardsPlugin = definePlugin({
  manifest: {
    id: 'acme-rewards',
    version: '1.0.0',
    kernel: '^0.1.0',
    featureFlag: { id: 'rewards', default: true, description: 'The Rewards button and tab.' },
    contributes: {
      views: [{ id: 'Rewards', title: 'Rewards' }],
      walletButtons: [{ id: 'rewards', label: 'Rewards', view: 'Rewards', icon: 'buy', namespaces: ['acme'], order: 50 }],
      accountTabs: [{ id: 'rewards', label: 'Rewards', view: 'Rewards', namespaces: ['acme'], order: 30 }],
      // The claim is signed in the wallet: it waits on the approval view first.
      rpcPolicies: [{ id: 'rewards', namespace: 'acme', safe: ['acme_rewardPoints'], confirm: ['acme_claimRewards'] }],
    },
  },
  activate(ctx) {
    const points = createObservable<Record<string, number>>({});
    const set = (account: string, n: number) => points.set({ ...points.getSnapshot(), [account]: n });
    const claim = (account: string) => ctx.services.get(kernelRefs.requestGate).request('acme', { method: 'acme_claimRewards', params: [account] }, async () => set(account, 0));
    ctx.services.register(rewardsRef, { useValue: { points, claim } });
    ctx.events.on('account:connected', ({ address }) => set(address, (points.getSnapshot()[address] ?? 0) + 10)); // ten points a connection
  },
  views: { Rewards: async () => ({ default: RewardsView }) },
});
