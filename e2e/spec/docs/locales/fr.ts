import type { TranslationOf } from '@portico/react';
import type { en } from '../i18n';

export default { 'acme.welcome': 'Bon retour, {name}', 'acme.help': 'Besoin d’aide ?' } satisfies TranslationOf<typeof en>;
