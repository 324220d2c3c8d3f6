import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.eip155': '以太坊',
  'accountTabs.nfts': 'NFT',
} satisfies TranslationOf<typeof en>;
