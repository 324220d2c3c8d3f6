import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'history.loading': 'Loading activity…',
  'history.empty': 'No activity yet.',
  'history.unavailable': 'Activity is not available on this network.',
  'history.error': 'Activity could not be loaded.',
  'history.moreError': 'Older activity could not be loaded.',
  'history.retry': 'Try again',
  'history.more': 'Load more',
  'history.pending': 'Pending',
  'history.today': 'Today',
  'history.yesterday': 'Yesterday',
  'history.failed': 'Failed',
  'history.to': 'To {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'From {address}',
  'history.explorer': 'View on {explorer}',
  'history.op.send': 'Sent',
  'history.op.receive': 'Received',
  'history.op.self': 'Sent to self',
  'history.op.execute': 'Contract call',
  'history.op.deploy': 'Contract deployed',
  'history.op.approve': 'Approved',
  'history.op.trade': 'Swapped',
  'history.op.mint': 'Minted',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.Activity': 'Activity',
  'accountTabs.activity': 'Activity',
};

/** The Activity view's own strings, in every language the modal ships. */
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
