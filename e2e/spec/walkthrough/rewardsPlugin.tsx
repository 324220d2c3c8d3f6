import { createObservable, createServiceRef, defineManifest, definePlugin, kernelRefs, type Observable } from '@portico/kernel';
import { definePluginMessages, useObservable, usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button } from '@portico/ui';

/** What the plugin keeps: points per CAIP-10 account, and a claim that goes through the RPC gate. */
export interface Rewards {
  readonly points: Observable<Readonly<Record<string, number>>>;
  claim(account: string): Promise<void>;
}
export const rewardsRef = createServiceRef<Rewards>('acme-rewards/service');

export const rewardsManifest = defineManifest({
  id: 'acme-rewards',
  version: '1.0.0',
  kernel: '^0.1.0',
  featureFlag: { id: 'rewards', default: true, description: 'The Rewards button and tab.' },
  contributes: {
    views: [
      { id: 'Rewards', title: 'Rewards' },
      { id: 'RewardsTab', title: 'Rewards' },
    ],
    walletButtons: [{ id: 'rewards', label: 'Rewards', view: 'Rewards', icon: 'buy', namespaces: ['acme'], order: 50 }],
    accountTabs: [{ id: 'rewards', label: 'Rewards', view: 'RewardsTab', namespaces: ['acme'], order: 30 }],
    // The claim is signed in the wallet: it waits on the approval view first.
    rpcPolicies: [{ id: 'rewards', namespace: 'acme', safe: ['acme_rewardPoints'], confirm: ['acme_claimRewards'] }],
  },
});

// The view's words and two manifest labels (title, button); French is a module of its own, loaded when the modal speaks it.
export const en = { 'rewards.points': '{points} points', 'rewards.claim': 'Claim', 'rewards.none': 'Connect to earn points', 'views.Rewards': 'Rewards', 'walletButtons.rewards': 'Rewards' };
const messages = definePluginMessages({ en, locales: { fr: () => import('./locales/rewards.fr') } });

/** The Rewards view and tab: the connected account's points and a Claim button. */
function RewardsView(_props: ViewProps) {
  const portico = usePortico('RewardsView');
  const t = usePluginT(messages);
  const rewards = portico.kernel.getService(rewardsRef);
  const points = useObservable(rewards.points);
  const account = useObservable(portico.kernel.connection).namespaces.acme?.address;
  if (!account) return <p>{t('rewards.none')}</p>;
  return (
    <div>
      <p data-testid="rewards-points">{t('rewards.points', { points: String(points[account] ?? 0) })}</p>
      <Button block onClick={() => void rewards.claim(account)}>
        {t('rewards.claim')}
      </Button>
    </div>
  );
}

export const rewardsPlugin = definePlugin({
  manifest: rewardsManifest,
  activate(ctx) {
    const points = createObservable<Readonly<Record<string, number>>>({});
    const gate = ctx.services.get(kernelRefs.requestGate);
    ctx.services.register(rewardsRef, {
      useValue: {
        points,
        async claim(account) {
          await gate.request('acme', { method: 'acme_claimRewards', params: [account] }, async () => 'claimed');
          points.set({ ...points.getSnapshot(), [account]: 0 });
        },
      },
    });
    // Ten points for every connection.
    ctx.events.on('account:connected', ({ address }) => {
      const now = points.getSnapshot();
      points.set({ ...now, [address]: (now[address] ?? 0) + 10 });
    });
  },
  views: {
    Rewards: async () => ({ default: RewardsView }),
    RewardsTab: async () => ({ default: RewardsView }),
  },
});
