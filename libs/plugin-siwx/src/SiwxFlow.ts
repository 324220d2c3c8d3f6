import { chainAdapterRef, createObservable, kernelRefs, type PluginContext, type RouterState } from '@portico/kernel';
import { parseCaipAddress } from '@portico/kernel/caip';
import { AdapterNotFoundError, ChainNotSupportedError, NoActiveCaipAddressError } from '@portico/kernel/errors';
import { SIWX_VIEW, siwxVerifierRef, type SiwxConnectRequest, type SiwxMessageFields, type SiwxService, type SiwxSession, type SiwxState, type SiwxVerifier } from './api';
import { createSiwxNonce } from './createSiwxNonce';
import { isSessionExpired, sessionMatches, SiwxSessionStore } from './SiwxSessionStore';
import { SIWX_MESSAGES, SiwxInitError, SiwxNotEnabledError, SiwxSignatureDeclinedError } from './siwxErrors';
import type { ResolvedSiwxOptions } from './SiwxPluginOptions';

/** Id of the alert raised when preparing sign-in fails (contributed by the manifest). */
export const SIWX_INIT_ALERT = 'siwx-init-failed';

interface Pending {
  readonly namespace: string;
  readonly caipAddress: string;
  readonly fields: SiwxMessageFields;
  readonly message: string;
}

/**
 * The sign-in flow of one plugin activation (spec §4): opens the signing view on connect
 * when no valid session exists, signs through the chain adapter, verifies through the
 * chain's verifier and the optional server, stores sessions, and guards closing.
 */
export class SiwxFlow implements SiwxService {
  readonly required: boolean;
  private readonly store: SiwxSessionStore;
  private readonly writable = createObservable<SiwxState>({ status: 'idle' });
  readonly state = { getSnapshot: () => this.writable.getSnapshot(), subscribe: (l: () => void) => this.writable.subscribe(l) };
  private readonly verified = new Set<string>();
  private pending: Pending | undefined;
  /** Bumped whenever an attempt is abandoned, so late answers of the old one are ignored. */
  private attempt = 0;
  /** One-click requests made and not yet answered, by nonce (each answered once). */
  private readonly connectRequests = new Map<string, SiwxConnectRequest>();

  constructor(private readonly ctx: PluginContext, private readonly options: ResolvedSiwxOptions) {
    this.required = options.required;
    this.store = new SiwxSessionStore(options.storage ?? ctx.storage);
  }

  private get router() {
    return this.ctx.services.get(kernelRefs.router);
  }

  private get connection() {
    return this.ctx.services.get(kernelRefs.connection);
  }

  private assertActive(): void {
    if (this.ctx.signal.aborted) throw new SiwxNotEnabledError();
  }

  private verifier(namespace: string): SiwxVerifier | undefined {
    const ref = siwxVerifierRef(namespace);
    return this.ctx.services.has(ref) ? this.ctx.services.get(ref) : undefined;
  }

  private async isValid(caipAddress: string, session: SiwxSession): Promise<boolean> {
    if (isSessionExpired(session) || !sessionMatches(session, caipAddress)) return false;
    const key = `${caipAddress}|${session.signature}`;
    if (this.verified.has(key)) return true;
    const verifier = this.verifier(parseCaipAddress(caipAddress).namespace);
    if (!verifier) return false;
    const ok = await verifier.verify(session).catch(() => false);
    if (ok) this.verified.add(key);
    return ok;
  }

  private drop(caipAddress: string): void {
    if (this.store.remove(caipAddress)) this.ctx.events.emit('siwx:session-removed', { caipAddress });
  }

  async getSession(caipAddress: string): Promise<SiwxSession | undefined> {
    this.assertActive();
    const { networkId, address } = parseCaipAddress(caipAddress);
    const stored = this.store.get(caipAddress);
    if (stored && (await this.isValid(caipAddress, stored))) return stored;
    if (stored) this.drop(caipAddress);
    for (const session of (await this.options.server?.getSessions(networkId, address)) ?? []) {
      if (await this.isValid(caipAddress, session)) {
        this.store.set(caipAddress, session);
        return session;
      }
    }
    return undefined;
  }

  /** Drops stored sessions that expired or that their chain's verifier rejects (tampered). */
  async revalidate(): Promise<void> {
    for (const [caipAddress, session] of Object.entries(this.store.all())) {
      try {
        if (isSessionExpired(session)) this.drop(caipAddress);
        // Without a verifier (its chain plugin not enabled) the session is kept but never used.
        else if (this.verifier(parseCaipAddress(caipAddress).namespace) && !(await this.isValid(caipAddress, session))) this.drop(caipAddress);
      } catch (error) {
        this.ctx.logger.warn('Dropping an unreadable sign-in session', error);
        this.drop(caipAddress);
      }
    }
  }

  /**
   * Spec §4's "the network is supported": the account's network (the chain of its CAIP-10
   * address) is one of the app's networks (any, when the app lists none) and a verifier
   * exists for the namespace.
   */
  private isSupported(namespace: string, caipAddress: string): boolean {
    if (!this.verifier(namespace)) return false;
    const { networks } = this.ctx.services.get(kernelRefs.settings);
    const { networkId } = parseCaipAddress(caipAddress);
    return networks.length === 0 || networks.some((n) => n.caipNetworkId === networkId);
  }

  /**
   * `account:connected` / `account:changed` (a chain plugin moves the account to the new chain
   * on a network switch): asks for a signature when the network is supported and no valid
   * session exists. Onto an unsupported network, a sign-in under way for the namespace ends.
   */
  handleConnected(namespace: string, caipAddress: string): void {
    if (!this.isSupported(namespace, caipAddress)) {
      // Still connected, on a network the app does not list: the Account view says so.
      this.endSignIn(namespace, 'Account');
      return;
    }
    const stored = this.store.get(caipAddress);
    if (stored && !isSessionExpired(stored)) {
      // Checked in the background: a tampered session re-opens the signing view.
      void this.isValid(caipAddress, stored).then((ok) => {
        if (ok || this.ctx.signal.aborted) return;
        this.drop(caipAddress);
        if (this.connection.get(namespace).address === caipAddress) this.begin(namespace, caipAddress);
      });
      return;
    }
    if (stored) this.drop(caipAddress);
    this.begin(namespace, caipAddress);
  }

  /** `account:disconnected`: abandons a sign-in of that namespace. */
  handleDisconnected(namespace: string): void {
    this.endSignIn(namespace, this.router.home());
  }

  /** Abandons a sign-in of the namespace, if one is under way, and leaves the signing view for `view`. */
  private endSignIn(namespace: string, view: string): void {
    if (this.pending?.namespace !== namespace && !this.writable.getSnapshot().caipAddress?.startsWith(`${namespace}:`)) return;
    this.abandon();
    if (this.router.getSnapshot().current.view === SIWX_VIEW) this.router.reset(view, undefined, { force: true });
  }

  /** `modal:closed`: a skipped (optional) sign-in is abandoned. */
  handleClosed(): void {
    if (this.writable.getSnapshot().status !== 'signing') this.abandon();
  }

  /** Router guard: no closing the signing or approve view while sign-in is required and missing. */
  canClose(state: RouterState): boolean {
    if (!this.required || (state.current.view !== SIWX_VIEW && state.current.view !== this.router.viewFor('approval'))) return true;
    const caipAddress = this.pending?.caipAddress ?? this.writable.getSnapshot().caipAddress ?? this.activeAddress();
    if (caipAddress === undefined) return true;
    const session = this.store.get(caipAddress);
    return session !== undefined && !isSessionExpired(session);
  }

  async signIn(): Promise<SiwxSession> {
    this.assertActive();
    const pending = this.pending;
    if (!pending) throw new NoActiveCaipAddressError();
    const attempt = this.attempt;
    this.writable.set({ status: 'signing', message: pending.message, caipAddress: pending.caipAddress });
    try {
      const adapter = this.adapterOf(pending.namespace);
      if (!adapter?.signMessage) throw new AdapterNotFoundError(`no adapter can sign messages on "${pending.namespace}"`);
      const signature = await adapter.signMessage(pending.message);
      const session: SiwxSession = { data: pending.fields, message: pending.message, signature };
      const verifier = this.verifier(pending.namespace);
      if (!verifier) throw new ChainNotSupportedError(`no sign-in verifier for "${pending.namespace}"`);
      const valid = (await verifier.verify(session)) && (!this.options.server || (await this.options.server.verify(session)));
      if (!valid) throw new Error('The signature did not verify');
      if (attempt !== this.attempt) throw new Error('The sign-in was abandoned');
      this.store.set(pending.caipAddress, session);
      this.verified.add(`${pending.caipAddress}|${signature}`);
      this.pending = undefined;
      this.writable.set({ status: 'idle' });
      this.dismissInitAlert();
      this.ctx.events.emit('siwx:session-added', { caipAddress: pending.caipAddress, session });
      this.router.close('connected', { force: true });
      return session;
    } catch (cause) {
      const error = new SiwxSignatureDeclinedError(this.isSmartAccount(pending.caipAddress) ? SIWX_MESSAGES.smartAccount : SIWX_MESSAGES.declined, cause);
      if (attempt === this.attempt) {
        this.ctx.logger.warn('Sign-in failed', cause);
        this.writable.set({ status: 'error', error: error.message, cause, message: pending.message, caipAddress: pending.caipAddress });
        this.show();
        // A server may accept each nonce once: the retry signs a fresh message.
        if (this.options.server) await this.prepare(pending.namespace, pending.caipAddress, this.attempt, { error: error.message, cause });
      }
      throw error;
    }
  }

  async cancel(): Promise<void> {
    this.assertActive();
    const namespace = this.pending?.namespace ?? this.writable.getSnapshot().caipAddress?.split(':')[0];
    this.abandon();
    if (this.required && namespace !== undefined) {
      await this.disconnect(namespace);
      this.router.reset(undefined, undefined, { force: true });
    } else {
      this.router.close('cancelled', { force: true });
    }
  }

  async signOut(): Promise<void> {
    this.assertActive();
    const sessions = Object.entries(this.store.all());
    for (const [caipAddress] of sessions) this.drop(caipAddress);
    this.verified.clear();
    // Every revocation is attempted even if one fails; local sessions are gone either way.
    const results = await Promise.allSettled(sessions.map(([, s]) => this.options.server?.revoke(s.data.chainId, s.data.accountAddress)));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length) throw new AggregateError(failed.map((r) => (r as PromiseRejectedResult).reason), `Signed out locally; ${failed.length} server revocation(s) failed`);
  }

  async connectRequest(chains: readonly string[]): Promise<SiwxConnectRequest | undefined> {
    this.assertActive();
    const { networks } = this.ctx.services.get(kernelRefs.settings);
    const usable = chains.filter((chain) => this.verifier(chain.split(':')[0] ?? '') && (networks.length === 0 || networks.some((n) => n.caipNetworkId === chain)));
    const [first] = usable;
    if (first === undefined) return undefined;
    const { server, statement, expirationMs, resources } = this.options;
    const nonce = server ? await server.getNonce({ chainId: first }) : createSiwxNonce();
    const location = (globalThis as { location?: { host?: string; origin?: string } }).location;
    const request: SiwxConnectRequest = {
      domain: this.options.domain ?? location?.host ?? '',
      uri: this.options.uri ?? location?.origin ?? '',
      nonce,
      expirationTime: new Date(Date.now() + expirationMs).toISOString(),
      chains: usable,
      ...(statement !== undefined ? { statement } : {}),
      ...(resources !== undefined ? { resources } : {}),
    };
    this.connectRequests.set(nonce, request);
    // Kept only while a connection could still answer it (a pairing lives 4 minutes; the message longer).
    while (this.connectRequests.size > 16) this.connectRequests.delete(this.connectRequests.keys().next().value!);
    return request;
  }

  async acceptCacaos(cacaos: readonly unknown[]): Promise<string[]> {
    this.assertActive();
    const { readCacao } = await import('./cacao');
    const accepted: string[] = [];
    // The account's current network first: with a server, a nonce signs in one account once.
    const current = new Set(Object.values(this.connection.getSnapshot().namespaces).map((n) => n.network));
    const read = cacaos.flatMap((value) => {
      try {
        return [readCacao(value)];
      } catch (error) {
        this.ctx.logger.warn('One-click sign-in: the wallet returned an unreadable CACAO', error);
        return [];
      }
    });
    read.sort((a, b) => Number(current.has(b.fields.chainId)) - Number(current.has(a.fields.chainId)));
    for (const { cacao, caipAddress, fields, signature } of read) {
      try {
        const request = this.connectRequests.get(fields.nonce);
        if (!request) throw new Error('its nonce was not asked for here (or was used already)');
        if (fields.domain !== request.domain || fields.uri !== request.uri) throw new Error(`it is for ${fields.domain} (${fields.uri}), not ${request.domain} (${request.uri})`);
        if (!request.chains.includes(fields.chainId)) throw new Error(`its chain ${fields.chainId} was not asked for`);
        const namespace = fields.chainId.split(':')[0]!;
        const verifier = this.verifier(namespace);
        if (!verifier) throw new ChainNotSupportedError(`no sign-in verifier for "${namespace}"`);
        // The text the wallet signed is the CAIP-122 message of these fields, in the chain's format.
        const session: SiwxSession = { data: fields, message: await verifier.createMessage(fields), signature, cacao };
        if (!(await verifier.verify(session))) throw new Error('the signature does not verify');
        if (this.options.server && !(await this.options.server.verify(session))) throw new Error('the server did not accept it');
        this.store.set(caipAddress, session);
        this.verified.add(`${caipAddress}|${signature}`);
        accepted.push(caipAddress);
        this.ctx.events.emit('siwx:session-added', { caipAddress, session });
      } catch (error) {
        this.ctx.logger.warn(`One-click sign-in: the CACAO of ${caipAddress} was not accepted`, error);
      }
    }
    for (const { fields } of read) this.connectRequests.delete(fields.nonce);
    return accepted;
  }

  private begin(namespace: string, caipAddress: string): void {
    this.abandon();
    // A new attempt: the failure of an earlier one (its alert) is no longer news.
    this.dismissInitAlert();
    const attempt = this.attempt;
    this.writable.set({ status: 'idle', caipAddress });
    this.show();
    void this.prepare(namespace, caipAddress, attempt);
  }

  /**
   * Opens the signing view as the start of the stack: the wallet is connected by now, so a Back
   * to the Connect list would be a wrong turn; Sign or Cancel are the ways out. Leaving the
   * Connecting view keeps the connect flow from closing the modal.
   */
  private show(): void {
    const { isOpen, current } = this.router.getSnapshot();
    if (isOpen && current.view === SIWX_VIEW) return;
    if (isOpen) this.router.reset(SIWX_VIEW, undefined, { force: true });
    else void this.router.open(SIWX_VIEW);
  }

  /** `failed`: the signing failure the prepared message follows, still shown with it. */
  private async prepare(namespace: string, caipAddress: string, attempt: number, failed?: { error: string; cause: unknown }): Promise<void> {
    try {
      const { networkId, address } = parseCaipAddress(caipAddress);
      const verifier = this.verifier(namespace);
      if (!verifier) throw new ChainNotSupportedError(`no sign-in verifier for "${namespace}"`);
      const { server, statement, expirationMs, resources } = this.options;
      if (server) {
        const existing = await this.getSession(caipAddress);
        if (existing && attempt === this.attempt) return this.adopt(caipAddress, existing);
      }
      const nonce = server ? await server.getNonce({ accountAddress: address, chainId: networkId }) : createSiwxNonce();
      const location = (globalThis as { location?: { host?: string; origin?: string } }).location;
      const now = Date.now();
      const fields: SiwxMessageFields = {
        domain: this.options.domain ?? location?.host ?? '',
        uri: this.options.uri ?? location?.origin ?? '',
        version: '1',
        nonce,
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + expirationMs).toISOString(),
        chainId: networkId,
        accountAddress: address,
        ...(statement !== undefined ? { statement } : {}),
        ...(resources !== undefined ? { resources } : {}),
      };
      const message = await verifier.createMessage(fields);
      if (attempt !== this.attempt) return;
      this.pending = { namespace, caipAddress, fields, message };
      this.writable.set(failed ? { status: 'error', ...failed, message, caipAddress } : { status: 'idle', message, caipAddress });
    } catch (cause) {
      if (attempt !== this.attempt || this.ctx.signal.aborted) return;
      await this.failInit(namespace, cause);
    }
  }

  private adopt(caipAddress: string, session: SiwxSession): void {
    this.pending = undefined;
    this.writable.set({ status: 'idle' });
    this.dismissInitAlert();
    this.ctx.events.emit('siwx:session-added', { caipAddress, session });
    this.router.close('connected', { force: true });
  }

  private async failInit(namespace: string, cause: unknown): Promise<void> {
    const error = new SiwxInitError(cause);
    this.ctx.logger.error(error.message, cause);
    this.abandon();
    this.writable.set({ status: 'error', error: error.message });
    this.ctx.services.get(kernelRefs.alerts).raise(SIWX_INIT_ALERT);
    await this.disconnect(namespace);
    this.router.reset(undefined, undefined, { force: true });
  }

  private dismissInitAlert(): void {
    this.ctx.services.get(kernelRefs.alerts).dismiss(SIWX_INIT_ALERT);
  }

  private abandon(): void {
    this.attempt += 1;
    this.pending = undefined;
    this.writable.set({ status: 'idle' });
  }

  private adapterOf(namespace: string) {
    const ref = chainAdapterRef(namespace);
    return this.ctx.services.has(ref) ? this.ctx.services.get(ref) : undefined;
  }

  private async disconnect(namespace: string): Promise<void> {
    const adapter = this.adapterOf(namespace);
    try {
      if (adapter) await adapter.disconnect();
      else this.connection.setDisconnected(namespace);
    } catch (error) {
      this.ctx.logger.warn('Disconnect after sign-in failed', error);
      this.connection.setDisconnected(namespace);
    }
  }

  private activeAddress(): string | undefined {
    const active = this.connection.getSnapshot().activeNamespace;
    return active === undefined ? undefined : this.connection.get(active).address;
  }

  private isSmartAccount(caipAddress: string): boolean {
    const namespace = caipAddress.split(':')[0] ?? '';
    return this.connection.get(namespace).accounts.some((a) => a.address === caipAddress && a.type === 'smartAccount');
  }
}
