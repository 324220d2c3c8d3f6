import type { TranslationOf } from '@portico/core';
import type { en } from '../messages';

export default {
  'namespace.bip122': 'بيتكوين',
} satisfies TranslationOf<typeof en>;
