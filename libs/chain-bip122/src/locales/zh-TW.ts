import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.bip122': '比特幣',
} satisfies TranslationOf<typeof en>;
