import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.eip155': 'Ethereum',
  'accountTabs.nfts': 'NFTs',
} satisfies TranslationOf<typeof en>;
