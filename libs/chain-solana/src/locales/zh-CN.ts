import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.solana': 'Solana',
  'accountTabs.solana-nfts': 'NFT',
} satisfies TranslationOf<typeof en>;
