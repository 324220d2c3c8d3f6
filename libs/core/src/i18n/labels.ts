/**
 * English that is not in `en` because it ships with lazy code, so an English page's initial JS
 * does not carry it: the fallbacks AllWalletsView passes to `t`, and the labels the modal
 * renders from manifests (`views.<id>`, `alerts.<id>.title`,
 * `connectMethods.<id>`, `accountTabs.<id>`, `walletButtons.<id>`): the core's and the
 * first-party plugins', exactly as their manifests say (tests keep them equal). At run time the
 * manifest's own text is the English (so these are not in `en`, and not in the initial JS); the
 * locale files translate them, and this list is the source the catalogue check reads them
 * against. A plugin of anyone else's shows its manifest's English.
 */
export const lazyEnglish = {
  // AllWalletsView's fallbacks (its chunk)
  'allWallets.loading': 'Loading wallets',
  'allWallets.listLabel': 'Wallets',
  'allWallets.installed': 'Installed',
  'allWallets.unavailable': "{name} cannot be reached: WalletConnect is not enabled for the app's networks",
  // manifests' labels (chain plugins' namespace names: `namespace.<id>`)
  'namespace.eip155': 'Ethereum',
  'namespace.solana': 'Solana',
  'namespace.bip122': 'Bitcoin',
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
  'accountTabs.nfts': 'NFTs',
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
  // plugin-email
  'connectMethods.email': 'Email',
  'views.EmailLogin': 'Continue with email',
  'views.EmailVerifyDevice': 'Register device',
  'views.EmailVerifyOtp': 'Confirm email',
  'views.UpdateEmail': 'Edit email',
  'views.UpdateEmailPrimaryOtp': 'Confirm current email',
  'views.UpdateEmailSecondaryOtp': 'Confirm new email',
  'views.EmailRecover': 'Recover your wallet',
  'views.EmailRecoveryPassword': 'Recovery password',
  'walletButtons.email': 'Email',
  'views.Permissions': 'Permissions',
  'walletButtons.permissions': 'Permissions',
  // plugin-socials
  'connectMethods.social': 'Social',
  'views.SocialConnecting': 'Connecting',
  // plugin-history
  'views.Activity': 'Activity',
  'accountTabs.activity': 'Activity',
  // plugin-onramp, plugin-swaps, plugin-receive, plugin-send
  'views.OnRampProviders': 'Choose provider',
  'walletButtons.onramp': 'Buy',
  'views.Swap': 'Swap',
  'walletButtons.swaps': 'Swap',
  'views.Receive': 'Receive',
  'walletButtons.receive': 'Receive',
  'views.Send': 'Send',
  'walletButtons.send': 'Send',
  // plugin-siwx
  'views.SIWXSignMessage': 'Sign in',
  'alerts.siwx-init-failed.title': 'Sign in',
  'alerts.siwx-init-failed.message': 'A problem occurred while trying initialize authentication',
  // plugin-walletconnect
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Wallet request',
  'alerts.walletconnect-connection-interrupted.title': 'Connection to your wallet interrupted',
  'alerts.walletconnect-connection-interrupted.message': 'Reconnecting… Your wallet cannot receive requests until the connection is back.',
} as const;
