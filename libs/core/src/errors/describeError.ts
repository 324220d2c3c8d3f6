import { classifyError, type ErrorKind } from '@portico/kernel/errors';
import { en, type MessageKey } from '../i18n/en';

/** What the user is told about a failure: a title and a sentence, in the modal's language. */
export interface ErrorDescription {
  readonly kind: ErrorKind;
  /** The code that decided it (EIP-1193 number, Wallet Standard number or Portico code), for logs and tests. */
  readonly code?: number | string;
  readonly title: string;
  readonly message: string;
}

/** A translate function: `useT()`'s, `portico.i18n.t`, or English by default. */
export type Translate = (key: MessageKey, vars?: Readonly<Record<string, string | number>>) => string;

/** The title and message keys of each kind. */
const KEYS: Readonly<Record<ErrorKind, readonly [title: MessageKey, message: MessageKey]>> = {
  'user-rejected': ['error.userRejected.title', 'error.userRejected.message'],
  unauthorized: ['error.unauthorized.title', 'error.unauthorized.message'],
  'unsupported-method': ['error.unsupportedMethod.title', 'error.unsupportedMethod.message'],
  disconnected: ['error.disconnected.title', 'error.disconnected.message'],
  'chain-disconnected': ['error.chainDisconnected.title', 'error.chainDisconnected.message'],
  'request-pending': ['error.requestPending.title', 'error.requestPending.message'],
  'unknown-chain': ['error.unknownChain.title', 'error.unknownChain.message'],
  'unsupported-chain': ['error.unsupportedChain.title', 'error.unsupportedChain.message'],
  'wallet-internal': ['error.walletInternal.title', 'error.walletInternal.message'],
  network: ['error.network.title', 'error.network.message'],
  'node-refused': ['error.nodeRefused.title', 'error.nodeRefused.message'],
  'no-account': ['error.noAccount.title', 'error.noAccount.message'],
  // The spec's exact strings for a refused method (§8).
  'not-allowed': ['actionNotAllowed.title', 'actionNotAllowed.message'],
  aborted: ['error.aborted.title', 'error.aborted.message'],
  cancelled: ['error.cancelled.title', 'error.cancelled.message'],
  unknown: ['error.unknown.title', 'error.unknown.message'],
};

/** Kinds whose message may quote the wallet's or the node's own short sentence. */
const DETAIL_KEYS: Partial<Record<ErrorKind, MessageKey>> = {
  unknown: 'error.unknown.detail',
  'node-refused': 'error.nodeRefused.detail',
};

/** English, for callers without the modal's i18n (and the default). */
const english: Translate = (key, vars) => (vars ? en[key].replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match)) : en[key]);

/**
 * Turns anything thrown (an Error, a PorticoError, a wallet's EIP-1193 object, a Wallet Standard
 * error, a string, null) into what the user reads: never "[object Object]" nor a message meant
 * for developers (those stay on the error, for the console). Pass the modal's `t` to translate.
 */
export function describeError(error: unknown, t: Translate = english): ErrorDescription {
  const { kind, code, detail } = classifyError(error);
  const [title, message] = KEYS[kind];
  const detailKey = DETAIL_KEYS[kind];
  return {
    kind,
    ...(code !== undefined ? { code } : {}),
    title: t(title),
    message: detail !== undefined && detailKey ? t(detailKey, { detail }) : t(message),
  };
}
