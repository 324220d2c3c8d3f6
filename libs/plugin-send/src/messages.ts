import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'send.token': 'Token',
  'send.amount': 'Amount',
  'send.max': 'Max',
  'send.to': 'To',
  'send.network': 'Network',
  'send.fee': 'Network fee',
  'send.review': 'Review',
  'send.back': 'Back',
  'send.send': 'Send',
  'send.confirmInWallet': 'Confirm in your wallet…',
  'send.sent': 'Sent {amount} {symbol}',
  'send.explorer': 'View on {explorer}',
  'send.done': 'Done',
  'send.loading': 'Loading your balances…',
  'send.unavailable': 'Sending is not available for this account.',
  'send.error.amount': 'Enter an amount above 0 with at most {decimals} decimals.',
  'send.error.balance': 'Insufficient {symbol} balance.',
  'send.error.withFee': 'Not enough {symbol} for this amount and the network fee.',
  'send.error.fee': 'Not enough {symbol} to pay the network fee.',
  'send.error.recipient': 'Invalid recipient: {problem}.',
  'send.error.estimate': 'This transfer would fail: {reason}',
  'send.error.rejected': 'The transfer was rejected in the wallet.',
  'send.status.pending': 'Waiting for confirmation…',
  'send.status.confirmed': 'Confirmed.',
  'send.status.failed': 'The transfer failed on chain.',
  'send.status.dropped': 'The transfer was dropped before it was confirmed.',
  'send.pick': 'Select a token',
  'send.search': 'Search name, symbol or address',
  'send.noMatch': 'No token matches “{query}”.',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.Send': 'Send',
  'walletButtons.send': 'Send',
};

/** The Send view's own strings, in every language the modal ships. */
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
