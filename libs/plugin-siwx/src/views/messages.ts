import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'siwx.intro': 'Sign this message to prove you own this wallet.',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.authenticating': 'Authenticating...',
  'siwx.error.initFailed': 'A problem occurred while trying initialize authentication',
  'siwx.error.declined': 'Signature declined',
  'siwx.error.smartAccount': 'This application might not support Smart Accounts',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.SIWXSignMessage': 'Sign in',
  'alerts.siwx-init-failed.title': 'Sign in',
  'alerts.siwx-init-failed.message': 'A problem occurred while trying initialize authentication',
};

/**
 * The sign-in view's own strings, in every locale Portico ships (loaded with the view). The
 * English of the errors is the spec's exact text (`SIWX_MESSAGES`); a test keeps them equal.
 * The view's title and the init alert are manifest labels: translated here too (the modal reads them before the view loads).
 */
export const messages = definePluginMessages({
  en,
  // Each translation is a module of its own, loaded once its language is in use.
  locales: {
    ar: () => import('./locales/ar'),
    he: () => import('./locales/he'),
    fa: () => import('./locales/fa'),
    'zh-CN': () => import('./locales/zh-CN'),
    'zh-TW': () => import('./locales/zh-TW'),
    ja: () => import('./locales/ja'),
    ko: () => import('./locales/ko'),
    es: () => import('./locales/es'),
    pt: () => import('./locales/pt'),
    fr: () => import('./locales/fr'),
    de: () => import('./locales/de'),
    ru: () => import('./locales/ru'),
    tr: () => import('./locales/tr'),
  },
});
