import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'onramp.amount': 'Amount',
  'onramp.currency': 'Currency',
  'onramp.providers': 'Buy {symbol} with',
  'onramp.best': 'Best rate',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Fee {fee}',
  'onramp.feeRange': 'Fee 1–2 %',
  'onramp.quoting': 'Getting quotes…',
  'onramp.noQuote': 'No quote',
  'onramp.opening': 'Opening {provider}…',
  'onramp.inProgress': 'Buy in progress',
  'onramp.inProgressHint': 'Finish your purchase in the {provider} window. Your balance updates here when the {symbol} arrives.',
  'onramp.openAgain': 'Open {provider} again',
  'onramp.popupBlocked': 'Your browser blocked the {provider} window.',
  'onramp.stop': 'Stop waiting',
  'onramp.arrived': '{amount} {symbol} arrived',
  'onramp.done': 'Done',
  'onramp.unavailable': 'Buying crypto is not available for this account.',
  'onramp.restricted': 'Buying crypto is not available in your region.',
  'onramp.error.amount': 'Enter an amount above 0 with at most 2 decimals.',
  'onramp.error.open': '{provider} could not be opened: {reason}',
  'onramp.error.quotes': 'Quotes are not available right now ({reason}); the providers’ fees are 1–2 %.',
  'onramp.loading': 'Loading…',
  'onramp.unavailableNetwork': 'Buying crypto is not available on {network}.',
  'onramp.error.options': 'Buying is not set up correctly on this site: {reason}',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.OnRampProviders': 'Choose provider',
  'walletButtons.onramp': 'Buy',
};

/** The Buy view's own strings, in every language the modal ships. */
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
