import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.solana': '솔라나',
  'accountTabs.solana-nfts': 'NFT',
} satisfies TranslationOf<typeof en>;
