import { definePluginMessages } from '@portico/react';

/** English, the source: complete, shipped with the views (the translations' keys are these). */
export const en = {
  'social.continueIn': 'Continue in the {provider} window',
  'social.opening': 'Opening {provider}…',
  'social.waiting': 'Sign in with {provider} in the window that opened. This page goes on by itself.',
  'social.blocked': 'The browser blocked the {provider} window.',
  'social.open': 'Open the {provider} window',
  'social.closed': 'The {provider} window was closed before you signed in.',
  'social.failed': 'Signing in with {provider} did not work: {reason}',
  'social.retry': 'Try again',
  'social.back': 'Back to the sign-in options',
  'social.unavailable': 'Social sign-in is not set up for this app.',
  'social.noWallet': 'Your wallet is on the device where you made it, and no recovery password was set. Log in there and set one from your account.',
  'social.initFailed': 'A problem occurred while trying initialize authentication',
  'farcaster.scan': 'Scan this QR code with your phone\'s camera to sign in with Farcaster.',
  'farcaster.open': 'Open Farcaster',
  'farcaster.copy': 'Copy link',
  'farcaster.copied': 'Link copied',
  'farcaster.qrLabel': 'QR code to sign in with Farcaster',
  'farcaster.expired': 'The QR code expired before it was used.',
  'farcaster.getNew': 'Get a new QR code',
  // The manifest's labels (the modal shows them before any view of the plugin loads).
  'connectMethods.social': 'Social',
  'views.SocialConnecting': 'Connecting',
};

/** The social sign-in view's own strings (translations beside English). */
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
