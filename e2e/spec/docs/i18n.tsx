import { createPortico, definePluginMessages, usePluginT } from '@portico/react';

// 'auto': the first of the browser's languages Portico has (else English); or a tag such as 'fr', 'pt-BR'.
export const portico = createPortico({ projectId: 'your-project-id', locale: 'auto' });

/** At run time: the modal, its buttons and its direction (right to left for ar, he, fa) follow. */
export const speakHebrew = () => portico.i18n.setLocale('he');

/** Your own strings, beside Portico's, in the language the modal speaks (English where one is missing). */
export const en = { 'acme.welcome': 'Welcome back, {name}', 'acme.help': 'Need help?' };
// Each other language in a module of its own, downloaded only when the modal speaks it.
const messages = definePluginMessages({ en, locales: { fr: () => import('./locales/fr') } });

export function Welcome({ name }: { name: string }) {
  const t = usePluginT(messages);
  return (
    <p dir={t.dir} lang={t.locale}>
      {t('acme.welcome', { name })} <a href="/help">{t('acme.help')}</a>
    </p>
  );
}
