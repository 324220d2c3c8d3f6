/**
 * `@portico/core`: Portico without a framework. `createPortico` assembles the kernel, the
 * chain and feature plugins the host passes and a binding's shell (the React layer passes its
 * modal views); its methods are the actions (`actions/`, one per file), over the account-read cache; the wallet directory and registry client, the
 * config schema and the i18n, theme, legal-consent and analytics stores are here, so a vanilla
 * host, a wagmi adapter or another framework's binding uses the same code as the React layer.
 */
export { createPortico } from './portico/createPortico';
export { coreManifest } from './coreManifest';
export { corePlugin } from './corePlugin';
export type { ConnectAttempt, Portico, PorticoBinding } from './portico/createPortico';
export { CONNECT_TIMEOUT_MS } from './portico/createPortico';
export { connectorPreparerRef } from './actions/connectorPreparerRef';
export { followConnectAttempts } from './portico/followConnectAttempts';
export type { ConnectionAttempt } from './portico/porticoContext';
export { createAccountReads, retryDelayMs } from './portico/accountReads';
export type { AccountReads, AccountReadsOptions } from './portico/accountReads';
export { idleAccountRead } from './portico/accountReadState';
export type { AccountRead, AccountReadState, AccountReadStatus } from './portico/accountReadState';
export type { LegalConsent } from './portico/createLegalConsent';
export { porticoConfigSchema } from './portico/porticoConfigSchema';
export type { LazyPlugin, Network, PorticoConfig } from './portico/porticoConfigSchema';
export { readFailureKind } from './portico/readFailureKind';
export { directoryVia, installedConnector, RECOMMENDED_COUNT } from './portico/directoryConnectors';
export type { WalletDirectory } from './portico/walletDirectory';
export type { AnalyticsEvent, AnalyticsOptions, AnalyticsProperties } from './analytics/AnalyticsEvent';
export { AUTO_LOCALE, createI18n } from './i18n/createI18n';
export type { I18n, I18nState, LocaleLoader } from './i18n/createI18n';
export { BUILTIN_LOCALES, matchLocale } from './i18n/builtinLocales';
export { catalogueProblems } from './i18n/catalogueProblems';
export { cataloguesDefined, definePluginMessages, loadTranslation, pluginLabel, pluginTranslations, showPluginLocale, translationOf, translationsSettled } from './i18n/pluginMessages';
export { translateWith } from './i18n/translateWith';
export type { PluginMessages, PluginTranslation, TranslationLoader, TranslationOf } from './i18n/pluginMessages';
export { en } from './i18n/en';
export type { MessageKey, Messages } from './i18n/en';
export { lazyEnglish } from './i18n/labels';
export type { ApprovalAction, ApprovalChange, ApprovalDecoder, ApprovalDetail, ApprovalSimulation, ApprovalText, DecodeContext, DecodedApproval } from './approval/approvalDecoder';
export { approvalKind, approvalTitleKey } from './approval/approvalKind';
export type { ApprovalKind } from './approval/approvalKind';
export { describeRequest, MAX_CALLS, MAX_FIELDS, MAX_PERMISSIONS, MAX_TEXT_CHARS, MAX_VALUE_CHARS, rawText } from './approval/describeRequest';
export type { ApprovalNetwork, DescribeContext, RequestSummary, SummaryField } from './approval/describeRequest';
export { describeError } from './errors/describeError';
export type { ErrorDescription, Translate } from './errors/describeError';
export { toError } from './errors/toError';
export { formatAmount } from './format/formatAmount';
export { safeText } from './format/safeText';
export { formatBalance } from './format/formatBalance';
export { formatDate, formatDecimal, formatFixed, formatQuantity, formatTime, formatUsd } from './format/formatNumber';
export { parseAmount } from './format/parseAmount';
export { truncateAddress } from './format/truncateAddress';
export { createThemeStore } from './theme/createThemeStore';
export type { ThemeState, ThemeStore } from './theme/createThemeStore';
export { themeVariablesToStyle } from './theme/themeTokens';
export type { ThemeMode, ThemeVariables } from './theme/themeTokens';
export type { WalletListPage, WalletListQuery, WalletRegistryClient, WalletRegistryClientOptions } from './walletRegistry/createWalletRegistryClient';
export type { RegistryWallet, RegistryWalletLinks } from './walletRegistry/normalizeRegistryWallet';
