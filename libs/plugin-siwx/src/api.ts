import { createServiceRef, loadOnce, type Observable, type ServiceRef } from '@portico/kernel';

/** Id of the Sign in with X plugin, for `requires` / `optional` in other manifests. */
export const SIWX_PLUGIN_ID = 'siwx';

/** The view that asks the user to sign the sign-in message. */
export const SIWX_VIEW = 'SIWXSignMessage';

/**
 * The fields of a sign-in message (spec §3; CAIP-122). Dates are RFC 3339 strings;
 * `chainId` is CAIP-2 (`eip155:1`), `accountAddress` the plain address (no CAIP prefix).
 */
export interface SiwxMessageFields {
  /** The URI scheme written before the domain (`https://app.example.com wants you…`), when the message has one. */
  readonly scheme?: string;
  readonly nonce: string;
  /** RFC 3986 authority of the requesting site, e.g. `app.example.com` or `localhost:3000`. */
  readonly domain: string;
  readonly uri: string;
  readonly expirationTime?: string;
  readonly issuedAt: string;
  readonly notBefore?: string;
  readonly requestId?: string;
  readonly version: string;
  readonly resources?: readonly string[];
  readonly statement?: string;
  readonly chainId: string;
  readonly accountAddress: string;
}

/** A signed sign-in: the fields, the exact message text signed, the signature, optionally a CACAO. */
export interface SiwxSession {
  readonly data: SiwxMessageFields;
  readonly message: string;
  readonly signature: string;
  readonly cacao?: unknown;
}

/**
 * What a chain plugin registers (under `siwxVerifierRef(namespace)`) to make sign-in
 * available on its namespace: the message format and the signature check.
 */
export interface SiwxVerifier {
  readonly namespace: string;
  /**
   * Formats the message the wallet signs (EIP-4361 for eip155); rejects on invalid fields.
   * May be async, so a chain plugin can load its message code only when sign-in happens.
   */
  createMessage(fields: SiwxMessageFields): string | Promise<string>;
  /** True when the signature is valid for the message and the message for its fields and time. */
  verify(session: SiwxSession): Promise<boolean>;
}

/** The ref under which a chain plugin registers its sign-in verifier. */
export function siwxVerifierRef(namespace: string): ServiceRef<SiwxVerifier> {
  return createServiceRef<SiwxVerifier>(`siwx-verifier/${namespace}`);
}

/**
 * A verifier whose code loads on first use (`load` runs once): what a chain plugin registers
 * under `siwxVerifierRef(namespace)`, so its message and signature code costs nothing until
 * someone signs in.
 */
export function lazySiwxVerifier(namespace: string, load: () => Promise<Omit<SiwxVerifier, 'namespace'>>): SiwxVerifier {
  const verifier = loadOnce(load);
  return {
    namespace,
    createMessage: async (fields) => (await verifier()).createMessage(fields),
    verify: async (session) => (await verifier()).verify(session),
  };
}

/** The host's server side of sign-in (optional): nonces, verification, session storage. */
export interface SiwxServerConfig {
  /**
   * A nonce for the account, or (without `accountAddress`) for whichever account signs in with
   * it: one-click sign-in asks before the wallet has named its account.
   */
  getNonce(input: { accountAddress?: string; chainId: string }): Promise<string>;
  verify(session: SiwxSession): Promise<boolean>;
  getSessions(chainId: string, accountAddress: string): Promise<SiwxSession[]>;
  revoke(chainId: string, accountAddress: string): Promise<void>;
}

/**
 * The sign-in flow's state for the view: `idle` (waiting for the user), `signing`
 * (waiting for the wallet and the verifiers), `error` (with the user-facing message).
 * `message` is the text the user is asked to sign, once prepared.
 */
export interface SiwxState {
  readonly status: 'idle' | 'signing' | 'error';
  readonly error?: string;
  /** What the wallet or a verifier threw behind `error`: the view describes it, in the user's words. */
  readonly cause?: unknown;
  readonly message?: string;
  /** CAIP-10 address being signed in. */
  readonly caipAddress?: string;
}

/**
 * Sign-in asked for with the connection itself (WalletConnect's one-click sign-in, CAIP-222):
 * the message fields without the account, which the wallet fills in, and the chains an account
 * may sign in on.
 */
export interface SiwxConnectRequest {
  readonly domain: string;
  readonly uri: string;
  readonly nonce: string;
  readonly expirationTime: string;
  readonly statement?: string;
  readonly resources?: readonly string[];
  /** CAIP-2 chains: those asked for that are the app's networks and have a verifier. */
  readonly chains: readonly string[];
}

/** The sign-in service the plugin registers under `siwxServiceRef`. */
export interface SiwxService {
  /** Whether sign-in is mandatory (cancel disconnects, closing is blocked until signed). */
  readonly required: boolean;
  readonly state: Observable<SiwxState>;
  /** A valid (unexpired, verified) session of a CAIP-10 address, or undefined. */
  getSession(caipAddress: string): Promise<SiwxSession | undefined>;
  /** Asks the wallet to sign the prepared message; resolves with the new session. */
  signIn(): Promise<SiwxSession>;
  /** Cancels sign-in: disconnects when required, else closes the modal. */
  cancel(): Promise<void>;
  /** Drops every stored session (and revokes them on the server, when configured). */
  signOut(): Promise<void>;
  /**
   * The sign-in to ask for with a connection on `chains` (one-click), with a fresh nonce (the
   * server's, when configured); undefined when none of the chains can sign in.
   */
  connectRequest(chains: readonly string[]): Promise<SiwxConnectRequest | undefined>;
  /**
   * Takes the CACAOs a wallet signed while connecting (one-click): each must answer a request
   * made here (nonce, domain, uri, chain), is turned into a session by its chain's verifier
   * (the same message text, signature and validity checks as a signed message, then the
   * server's), and is stored, so connecting asks for no second signature. Resolves with the
   * CAIP-10 addresses signed in; a CACAO that fails is logged and left out, and the account
   * gets the usual sign-in view.
   */
  acceptCacaos(cacaos: readonly unknown[]): Promise<string[]>;
}

/** The ref of the sign-in service. */
export const siwxServiceRef = createServiceRef<SiwxService>('siwx/service');

declare module '@portico/kernel' {
  interface PorticoEvents {
    'siwx:session-added': { caipAddress: string; session: SiwxSession };
    'siwx:session-removed': { caipAddress: string };
  }
}
