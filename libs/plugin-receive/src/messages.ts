import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'receive.hint': 'Send only {namespace} assets to this address.',
  'receive.qrLabel': 'QR code of your address',
  'receive.networks': 'Accepted on',
  'receive.accountType': 'Account',
  'receive.noAccount': 'Connect a wallet to see the address to receive on.',
  'receive.type.eoa': 'Standard account',
  'receive.type.smartAccount': 'Smart account',
  'receive.type.payment': 'Payment address',
  'receive.type.ordinal': 'Ordinals address',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.Receive': 'Receive',
  'walletButtons.receive': 'Receive',
};

/** The view's own strings; the copy button's come from the modal's catalogue. */
export const messages = definePluginMessages({
  en,
  // Each translation is a module of its own, loaded once its language is in use.
  locales: {
    ar: () => import('./locales/ar'),
    he: () => import('./locales/he'),
    fa: () => import('./locales/fa'),
    fr: () => import('./locales/fr'),
    de: () => import('./locales/de'),
    es: () => import('./locales/es'),
    pt: () => import('./locales/pt'),
    ja: () => import('./locales/ja'),
    ko: () => import('./locales/ko'),
    'zh-CN': () => import('./locales/zh-CN'),
    'zh-TW': () => import('./locales/zh-TW'),
    ru: () => import('./locales/ru'),
    tr: () => import('./locales/tr'),
  },
});
