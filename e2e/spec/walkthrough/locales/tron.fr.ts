import type { TranslationOf } from '@portico/react';
import type { en } from '../tronPlugin';

export default { 'networks.tron:0x2b6653dc': 'Tron (réseau principal)' } satisfies TranslationOf<typeof en>;
