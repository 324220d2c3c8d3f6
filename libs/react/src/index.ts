/**
 * `@portico/react`: the provider, hooks, buttons, the modal shell and its views (`modalPlugin`),
 * and `createPortico` with that modal. The framework-free parts are `@portico/core`'s; the
 * ones a React host or plugin commonly needs are re-exported here.
 */
export { modalManifest } from './modalManifest';
export { modalPlugin } from './modalPlugin';
export { createPortico } from './createPortico';
export { PorticoProvider } from './context/PorticoProvider';
export { mountPortico } from './mountPortico';
export { AccountButton } from './components/AccountButton';
export { ConnectButton } from './components/ConnectButton';
export { NetworkButton } from './components/NetworkButton';
export { useAccount } from './hooks/useAccount';
export { useBalance } from './hooks/useBalance';
export type { AccountReadOptions } from './hooks/useAccountRead';
export { useTokens } from './hooks/useTokens';
export { useIdentity } from './hooks/useIdentity';
export { connectedUserRef, useConnectedUser } from './hooks/useConnectedUser';
export { approvalSurfaceRef } from './views/approval/approvalSurface';
export type { ApprovalSurface, ApprovalSurfaceAppearance, ApprovalSurfaceHandle, ApprovalSurfaceSource } from './views/approval/approvalSurface';
export type { ConnectedUser, ConnectedUserSource } from './hooks/useConnectedUser';
export { useObservable } from './hooks/useObservable';
export type { AccountState } from './hooks/useAccount';
export { useDisconnect } from './hooks/useDisconnect';
export { useModal } from './hooks/useModal';
export { useNetwork } from './hooks/useNetwork';
export { usePorticoEvent } from './hooks/usePorticoEvent';
export { OutsideProviderError, usePortico } from './hooks/usePortico';
export { useTheme } from './hooks/useTheme';
export { useWalletProvider } from './hooks/useWalletProvider';
export { useT } from './hooks/useT';
export { useLabel } from './hooks/useLabel';
export { COPIED_MS, useCopy } from './hooks/useCopy';
export { definePluginMessages, usePluginT } from './modal/ModalRoot';
export { useViewTitle } from './modal/ModalShell';
export { TransactionId } from './modal/TransactionId';
export { useLoaded } from './hooks/useLoaded';
export { useStepFocus } from './hooks/useStepFocus';
export { useBackToStep } from './hooks/useBackToStep';
export type { ViewProps } from './modal/ViewOutlet';
export { ErrorBanner } from './errors/ErrorBanner';
export type { ErrorBannerProps } from './errors/ErrorBanner';

// From @portico/core.
export {
  coreManifest,
  corePlugin,
  porticoConfigSchema,
  AUTO_LOCALE,
  createI18n,
  BUILTIN_LOCALES,
  matchLocale,
  catalogueProblems,
  en,
  lazyEnglish,
  describeError,
  toError,
  formatBalance,
  formatDate,
  formatTime,
  formatDecimal,
  formatFixed,
  formatUsd,
  parseAmount,
  truncateAddress,
  createThemeStore,
  connectorPreparerRef,
  followConnectAttempts,
} from '@portico/core';
export type {
  ConnectAttempt,
  Portico,
  LegalConsent,
  AccountRead,
  AccountReadState,
  Network,
  PorticoConfig,
  LazyPlugin,
  AnalyticsEvent,
  AnalyticsOptions,
  AnalyticsProperties,
  PluginMessages,
  PluginTranslation,
  TranslationLoader,
  TranslationOf,
  I18n,
  I18nState,
  LocaleLoader,
  MessageKey,
  Messages,
  ErrorDescription,
  Translate,
  ThemeState,
  ThemeStore,
  WalletListPage,
  WalletListQuery,
  WalletRegistryClient,
  WalletRegistryClientOptions,
  RegistryWallet,
  RegistryWalletLinks,
} from '@portico/core';
