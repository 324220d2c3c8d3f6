import { chainAdapterRef, createServiceRef, kernelRefs, type PluginContext } from '@portico/kernel';
import type { ApprovalSurfaceSource, ConnectedUserSource } from '@portico/react';
import { EMAIL_CONNECTOR_ID, EMAIL_VIEWS, emailServiceRef, type EmailService } from './api';
import { LOGIN_CACHE_KEY } from './loginCache';
import type { EmailPluginOptions } from './plugin';

/**
 * `@portico/react`'s connected-user service, by its id (a service is its id): referring to the
 * React layer's own ref object would move that module into every host's first load.
 */
const connectedUserRef = createServiceRef<ConnectedUserSource>('react/connected-user');
/** The React layer's approval-surface service, by its id (see `connectedUserRef`). */
const approvalSurfaceRef = createServiceRef<ApprovalSurfaceSource>('react/approval-surface');

/** The service's methods but `state` (all of them: the typecheck says which is missing), forwarded to the lazily loaded flow. */
const FLOW_METHODS = {
  connectEmail: 1,
  confirmDevice: 1,
  confirmOtp: 1,
  socialRedirectUri: 1,
  connectSocial: 1,
  connectFarcaster: 1,
  recoverWithPassword: 1,
  hasRecoveryPassword: 1,
  setRecoveryPassword: 1,
  currentEmail: 1,
  updateEmail: 1,
  confirmUpdatePrimary: 1,
  confirmUpdateSecondary: 1,
} satisfies Record<Exclude<keyof EmailService, 'state'>, 1>;

const MAIL_ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="%23667" stroke-width="2"%3E%3Crect x="3" y="5" width="18" height="14" rx="2"/%3E%3Cpath d="m3 7 9 6 9-6"/%3E%3C/svg%3E';

/**
 * The E-mail login plugin's activation, fetched when the plugin activates (a view of it opens, or a
 * connection uses its connector: an e-mail wallet restored at start), not with the page: the AUTH
 * connector, the e-mail wallet's provider for the eip155 adapter (and the Solana one when the app
 * has Solana), and the services the views use. The flow and the frame load on their first use.
 */
export async function activateEmail(ctx: PluginContext, frameUrl: string, options: EmailPluginOptions): Promise<void> {
  const settings = ctx.services.get(kernelRefs.settings);
  const connection = ctx.services.get(kernelRefs.connection);
  const adapter = ctx.services.get(chainAdapterRef('eip155'));
  const networks = () => settings.networks.filter((n) => n.caipNetworkId.startsWith('eip155:'));
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const load = ctx.loadOnce(() =>
    import('./emailModule').then(({ createEmailModule }) => {
      const module = createEmailModule({
        frameUrl,
        projectId: settings.projectId ?? '',
        chainId: networks()[0]?.caipNetworkId ?? 'eip155:1',
        logger: ctx.logger,
        storage: ctx.storage,
        http: ctx.http,
        networks,
        emit,
        preferredAccountType: () => connection.preferredAccountType('eip155'),
        // ERC-7715 batches (no approval view: the grant was approved) only while smart sessions are on.
        permissionsEnabled: () => ctx.flags.isEnabled('smartSessions'),
        onSignedOut: () => solana?.forget(),
        ...(options.frameLoadTimeoutMs ? { loadTimeoutMs: options.frameLoadTimeoutMs } : {}),
        ...(options.stepTimeoutMs ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
      });
      ctx.onDispose(() => module.wallet.dispose());
      return module;
    }),
  );
  // The user picks EOA or smart account (the Account view): the frame follows while e-mail is the connected wallet.
  let preferred = connection.preferredAccountType('eip155');
  ctx.onDispose(
    connection.subscribe(() => {
      const next = connection.preferredAccountType('eip155');
      if (next === preferred) return;
      preferred = next;
      const { status, connectorId } = connection.get('eip155');
      if (status === 'connected' && connectorId === EMAIL_CONNECTOR_ID && load.current) load.current.provider.accountTypeChanged().catch((error: unknown) => ctx.logger.warn('The wallet frame did not take the account type', error));
    }),
  );
  // The same login gives a Solana account when the app has Solana (the spec: eip155 and solana from one login).
  const hasSolanaNetwork = settings.networks.some((n) => n.caipNetworkId.startsWith('solana:'));
  const solanaAdapter = hasSolanaNetwork && ctx.services.has(chainAdapterRef('solana')) ? ctx.services.get(chainAdapterRef('solana')) : undefined;
  // Its code (base58, the frame's errors) loads only for an app with Solana (#41).
  const solana = solanaAdapter?.attachProvider
    ? (await import('./solanaWallet')).createEmailSolanaWallet({
        name: 'Email',
        icon: MAIL_ICON,
        frame: async () => (await load()).wallet,
        cached: () => ctx.storage.get(LOGIN_CACHE_KEY) !== null,
        network: () => connection.get('solana').network ?? settings.networks.find((n) => n.caipNetworkId.startsWith('solana:'))?.caipNetworkId,
      })
    : undefined;
  if (solana && solanaAdapter?.attachProvider) ctx.onDispose(solanaAdapter.attachProvider(EMAIL_CONNECTOR_ID, solana.wallet));
  ctx.onDispose(ctx.services.get(kernelRefs.connectors).register({ id: EMAIL_CONNECTOR_ID, name: 'Email', type: 'AUTH', namespaces: solana ? ['eip155', 'solana'] : ['eip155'], icon: MAIL_ICON, view: EMAIL_VIEWS.otp }, ctx.pluginId));
  if (adapter.attachProvider) {
    ctx.onDispose(
      adapter.attachProvider(EMAIL_CONNECTOR_ID, {
        request: async (args: { method: string; params?: unknown }) => (await load()).provider.request(args),
        on(event: string, listener: (...args: unknown[]) => void) {
          listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
        },
        removeListener(event: string, listener: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(listener);
        },
      }),
    );
  }
  const service = {
    state: { getSnapshot: () => load.current?.flow.state.getSnapshot() ?? {}, subscribe: (listener) => {
      let off = () => {};
      let gone = false;
      void load().then((module) => void (gone || (off = module.flow.state.subscribe(listener))));
      return () => ((gone = true), off());
    } },
    // Each method runs in the flow, loaded on first use.
    ...Object.fromEntries(Object.keys(FLOW_METHODS).map((name) => [name, async (...args: unknown[]) => ((await load()).flow[name as keyof typeof FLOW_METHODS] as (...a: unknown[]) => unknown)(...args)])),
  } as EmailService;
  ctx.services.register(emailServiceRef, { useValue: service });
  // The frame's own approval screen, which the approval view shows while a request waits there.
  ctx.services.register(approvalSurfaceRef, { useValue: (connectorId) => (connectorId === EMAIL_CONNECTOR_ID ? load.current?.wallet.surface : undefined) });
  // Who is signed in, for the Account view (the e-mail and, after a social login, the name there).
  ctx.services.register(connectedUserRef, { useValue: async (connectorId) => (connectorId === EMAIL_CONNECTOR_ID ? (await load()).flow.currentUser() : undefined) });
}
