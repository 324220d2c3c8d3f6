import { definePlugin, kernelRefs } from '@portico/kernel';
import { siwxServiceRef } from './api';
import { manifest } from './manifest';
import { SiwxFlow } from './SiwxFlow';
import { resolveSiwxOptions, type SiwxPluginOptions } from './SiwxPluginOptions';

/**
 * Creates the Sign in with X plugin with the host's options. On `account:connected` for a
 * namespace with a registered verifier and no valid session, it opens SIWXSignMessage.
 */
export function createSiwxPlugin(options: SiwxPluginOptions = {}) {
  const resolved = resolveSiwxOptions(options);
  return definePlugin({
    manifest,
    messages: () => import('./views/messages'),
    activate(ctx) {
      const flow = new SiwxFlow(ctx, resolved);
      ctx.services.register(siwxServiceRef, { useValue: flow });
      ctx.onDispose(ctx.services.get(kernelRefs.router).addGuard({ canClose: (state) => flow.canClose(state) }));
      ctx.events.on('account:connected', ({ namespace, address }) => flow.handleConnected(namespace, address));
      ctx.events.on('account:changed', ({ namespace, address }) => flow.handleConnected(namespace, address));
      ctx.events.on('account:disconnected', ({ namespace }) => flow.handleDisconnected(namespace));
      ctx.events.on('modal:closed', () => flow.handleClosed());
      // Verifiers of chain plugins activated later are there once the kernel has started.
      ctx.events.on('kernel:started', () => void flow.revalidate());
      void flow.revalidate();
    },
    views: { SIWXSignMessage: () => import('./views/SIWXSignMessageView') },
  });
}

/** The Sign in with X plugin with the defaults (optional sign-in, 24 h sessions, no server). */
export const siwxPlugin = createSiwxPlugin();
