import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.eip155': 'Ethereum',
  'accountTabs.nfts': 'NFT’ler',
} satisfies TranslationOf<typeof en>;
