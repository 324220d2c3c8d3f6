import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.solana': 'Solana',
  'accountTabs.solana-nfts': 'NFTs',
} satisfies TranslationOf<typeof en>;
