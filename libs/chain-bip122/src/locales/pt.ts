import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.bip122': 'Bitcoin',
} satisfies TranslationOf<typeof en>;
