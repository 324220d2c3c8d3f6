/**
 * English that is not in `en` because it ships with lazy code, so an English page's initial JS
 * does not carry it: the fallbacks AllWalletsView passes to `t`, and the labels the modal
 * renders from the core's and the modal's own manifests (`views.<id>`, `alerts.<id>.title`,
 * `connectMethods.<id>`, `accountTabs.<id>`), exactly as those manifests say (a test keeps them
 * equal). At run time the manifest's own text is the English (so these are not in `en`, and not
 * in the initial JS); the locale files translate them, and this list is the source the catalogue
 * check reads them against. Every plugin, first-party or not, translates its own labels in its
 * own catalogue (`definePlugin({ messages })`).
 */
export const lazyEnglish = {
  // AllWalletsView's fallbacks (its chunk)
  'allWallets.loading': 'Loading wallets',
  'allWallets.listLabel': 'Wallets',
  'allWallets.installed': 'Installed',
  'allWallets.unavailable': "{name} cannot be reached: WalletConnect is not enabled for the app's networks",
  // the core's and the modal's manifest labels
  'views.Connect': 'Connect Wallet',
  'views.AllWallets': 'All Wallets',
  'views.Connecting': 'Connecting',
  'views.Networks': 'Choose Network',
  'views.Account': 'Account',
  'views.AccountTokens': 'Tokens',
  'views.AccountNfts': 'NFTs',
  'views.ApproveTransaction': 'Approve Transaction',
  'connectMethods.wallet': 'Wallet',
  'accountTabs.tokens': 'Tokens',
  'alerts.project-id-not-configured.title': 'Project ID Not Configured',
  'alerts.project-id-not-configured.message': 'Set projectId in createPortico() to connect wallets.',
  'alerts.invalid-project-id.title': 'Invalid Project ID',
  'alerts.invalid-project-id.message': 'The projectId was not accepted. Check it in your dashboard.',
  'alerts.network-not-found.title': 'Network Not Found',
  'alerts.network-not-found.message': 'This network is not supported by the app. Choose another network.',
  'alerts.invalid-app-configuration.title': 'Invalid App Configuration',
  'alerts.invalid-app-configuration.message': 'This origin is not on the allowlist, or the embedded wallet failed to load.',
  'alerts.socials-timeout.title': 'Sign-in Timed Out',
  'alerts.socials-timeout.message': 'The social or email sign-in step took too long. Please try again.',
  'alerts.session-expired.title': 'Session Expired',
  'alerts.session-expired.message': 'Your session is invalid. Check your device’s time settings and sign in again.',
} as const;
