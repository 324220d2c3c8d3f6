import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.bip122': '비트코인',
} satisfies TranslationOf<typeof en>;
