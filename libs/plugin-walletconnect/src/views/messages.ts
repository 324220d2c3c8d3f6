import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'walletconnect.unavailable': 'WalletConnect is not enabled',
  'walletconnect.preparing': 'Preparing the QR code',
  'walletconnect.openApp': 'Open {name}',
  'walletconnect.appMissing': '{name} did not open.',
  'walletconnect.dontHave': "Don't have {name}?",
  'walletconnect.getApp': 'Get {name}',
  'walletconnect.openWeb': 'Open in the browser',
  'walletconnect.qrLabel': 'WalletConnect QR code',
  'walletconnect.scan': 'Scan this QR code with your phone',
  'walletconnect.scanFromOther': 'Or scan this QR code with a wallet on another device',
  'walletconnect.copy': 'Copy link',
  'walletconnect.copied': 'Link copied',
  'walletconnect.request.failed': 'The request did not go through',
  'walletconnect.request.failedMessage': 'Your wallet could not be reached because the connection to it was interrupted. Please try again.',
  'walletconnect.request.close': 'Close',
  'walletconnect.request.waiting': 'Waiting for your wallet',
  'walletconnect.request.whenBack': 'The request goes to your wallet once the connection is back.',
  'walletconnect.request.confirm': 'Confirm the request in your wallet.',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Wallet request',
  'alerts.walletconnect-connection-interrupted.title': 'Connection to your wallet interrupted',
  'alerts.walletconnect-connection-interrupted.message': 'Reconnecting… Your wallet cannot receive requests until the connection is back.',
};

/**
 * The WalletConnect views' own strings, in every locale Portico ships (loaded with the views).
 * Titles and the interruption alert are manifest labels: translated here too (the modal reads them before the views load).
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
