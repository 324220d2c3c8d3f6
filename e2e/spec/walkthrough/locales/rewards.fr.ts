import type { TranslationOf } from '@portico/react';
import type { en } from '../rewardsPlugin';

export default { 'rewards.points': '{points} points', 'rewards.claim': 'Réclamer', 'rewards.none': 'Connectez-vous pour gagner des points', 'views.Rewards': 'Récompenses', 'walletButtons.rewards': 'Récompenses' } satisfies TranslationOf<typeof en>;
