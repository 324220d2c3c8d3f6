import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'permissions.intro': "What this site may do from your account without asking you each time.",
  'permissions.none': "This site holds no permissions.",
  'permissions.unsupported': "This wallet does not grant permissions to sites (ERC-7715).",
  'permissions.native': "Send {ticker}",
  'permissions.erc20': "Send {ticker} (token {address})",
  'permissions.call': "Call {functions} on {address}",
  'permissions.spent': "{spent} of {limit} spent",
  'permissions.rate': "At most {count} per {interval}",
  'permissions.until': "Until {date}",
  'permissions.revoke': "Revoke",
  'permissions.revokeNamed': "Revoke “{name}”",
  'permissions.loadFailed': "The permissions could not be read.",
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.Permissions': 'Permissions',
  'walletButtons.permissions': 'Permissions',
};

/** The Permissions view's own strings (translations beside English). */
export const messages = definePluginMessages({
  en,
  // Each translation is a module of its own, loaded once its language is in use.
  locales: {
    ar: () => import('./locales/ar'),
    de: () => import('./locales/de'),
    es: () => import('./locales/es'),
    fa: () => import('./locales/fa'),
    fr: () => import('./locales/fr'),
    he: () => import('./locales/he'),
    ja: () => import('./locales/ja'),
    ko: () => import('./locales/ko'),
    pt: () => import('./locales/pt'),
    ru: () => import('./locales/ru'),
    tr: () => import('./locales/tr'),
    'zh-CN': () => import('./locales/zh-CN'),
    'zh-TW': () => import('./locales/zh-TW'),
  },
});
