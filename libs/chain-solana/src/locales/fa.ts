import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.solana': 'سولانا',
  'accountTabs.solana-nfts': 'NFTها',
} satisfies TranslationOf<typeof en>;
