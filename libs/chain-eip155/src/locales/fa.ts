import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.eip155': 'اتریوم',
  'accountTabs.nfts': 'NFTها',
} satisfies TranslationOf<typeof en>;
