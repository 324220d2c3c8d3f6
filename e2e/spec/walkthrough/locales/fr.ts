import type { TranslationOf } from '@portico/react';
import type { en } from '../rewardsPlugin';

export default { 'rewards.points': '{points} points', 'rewards.claim': 'Réclamer', 'rewards.none': 'Connectez-vous pour gagner des points' } satisfies TranslationOf<typeof en>;
