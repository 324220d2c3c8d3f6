// Story fixture: a real Portico instance with an in-memory chain plugin (the `acme`
// namespace, like createPortico.test.ts), put into the state a story needs.
import { chainAdapterRef, createMemoryStorage, definePlugin, kernelRefs, type AccountIdentity, type ChainAdapter } from '@portico/kernel';
import type { Decorator } from '@storybook/react-vite';
import { PorticoContext } from '../context/PorticoContext';
import { en, type Network, type Portico } from '@portico/core';
import { createPortico } from '../createPortico';

export const storyNetworks: Network[] = [
  { caipNetworkId: 'acme:1', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 } },
  { caipNetworkId: 'acme:2', name: 'Acme Test', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 }, testnet: true },
];

/** The connected account: shown truncated 4…6 as `abcd…456789`. */
export const STORY_ADDRESS = 'acme:1:abcdef0123456789';

const icon = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="${fill}"/></svg>`)}`;

export interface StoryChainBehaviour {
  /** The wallet declines the connection. */
  decline?: boolean;
  /** The wallet never answers (Connecting spinner). */
  hang?: boolean;
  /** The account's name-service profile (like ENS on eip155:1). */
  identity?: AccountIdentity;
}

/** A chain plugin for the made-up `acme` namespace, with three wallets and an RPC policy. */
export function storyChain(behaviour: StoryChainBehaviour = {}) {
  return definePlugin({
    manifest: {
      id: 'chain-acme',
      version: '1.0.0',
      kernel: '^0.1.0',
      namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }],
      contributes: { rpcPolicies: [{ id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*'], confirm: ['acme_sign', 'acme_send*'] }] },
    },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const connectors = ctx.services.get(kernelRefs.connectors);
      ctx.onDispose(connectors.register({ id: 'acme-wallet', name: 'Acme Wallet', type: 'ANNOUNCED', namespaces: ['acme'], rdns: 'xyz.acme', icon: icon('#3b5bdb') }, ctx.pluginId));
      ctx.onDispose(connectors.register({ id: 'beta-wallet', name: 'Beta Wallet', type: 'INJECTED', namespaces: ['acme'], icon: icon('#2f9e44') }, ctx.pluginId));
      ctx.onDispose(connectors.register({ id: 'gamma-wallet', name: 'Gamma Wallet', type: 'EXTERNAL', namespaces: ['acme'], icon: 'javascript:alert(1)' }, ctx.pluginId));
      const adapter: ChainAdapter = {
        namespace: 'acme',
        async connect(id) {
          connection.setConnecting('acme', id);
          if (behaviour.hang) return new Promise<void>(() => undefined);
          if (behaviour.decline) {
            connection.setDisconnected('acme');
            throw new Error('User rejected the request.');
          }
          connection.setConnected('acme', { accounts: [{ address: STORY_ADDRESS, type: 'eoa' }], network: 'acme:1', connectorId: id });
        },
        async disconnect() {
          connection.setDisconnected('acme');
        },
        // Takes the network or its id, so the fixture fits either shape of the contract.
        async switchNetwork(target: string | { caipNetworkId: string }) {
          connection.setNetwork('acme', typeof target === 'string' ? target : target.caipNetworkId);
        },
        async getBalance() {
          return { value: 1_234_567n, decimals: 6, symbol: 'ACM' };
        },
        async getIdentity() {
          return behaviour.identity;
        },
      };
      ctx.services.register(chainAdapterRef('acme'), { useValue: adapter });
    },
  });
}

/** Social login and e-mail as contributions only (the socials plugin belongs to apps). */
export const storySocials = definePlugin({
  manifest: {
    id: 'story-socials',
    version: '0.1.0',
    kernel: '^0.1.0',
    contributes: {
      connectMethods: [
        { id: 'email', label: 'Email', order: 10, icon: 'mail' },
        { id: 'social', label: 'Social', order: 20, options: 'socialProviders' },
      ],
      socialProviders: [
        { id: 'google', label: 'Google', order: 10 },
        { id: 'x', label: 'X', order: 20 },
        { id: 'discord', label: 'Discord', order: 30 },
        { id: 'github', label: 'GitHub', order: 40 },
      ],
    },
  },
});

export interface StoryPorticoOptions extends StoryChainBehaviour {
  socials?: boolean;
  theme?: 'light' | 'dark';
  /** Feature flags the host sets (`legalCheckbox`, `collapseWallets`…). */
  features?: Record<string, boolean>;
}

const live: Portico[] = [];

/** Creates and starts an instance; `disposeStoryPorticos` ends every one of them. */
export async function createStoryPortico(options: StoryPorticoOptions = {}): Promise<Portico> {
  const portico = createPortico({
    projectId: 'storybook',
    storage: createMemoryStorage(),
    logLevel: 'silent',
    themeMode: options.theme ?? 'light',
    metadata: { name: 'Storybook', url: 'https://storybook.example' },
    networks: storyNetworks,
    plugins: [storyChain(options), ...(options.socials ? [storySocials] : [])],
    ...(options.features ? { features: options.features } : {}),
    termsConditionsUrl: 'https://storybook.example/terms',
    privacyPolicyUrl: 'https://storybook.example/privacy',
  });
  live.push(portico);
  // The modal's chunk hands over the complete English; a story renders its view without it.
  portico.i18n.provideEnglish(en);
  await portico.start();
  return portico;
}

/** Disposes every instance the stories made. */
export async function disposeStoryPorticos(): Promise<void> {
  await Promise.all(live.splice(0).map((p) => p.dispose()));
}

/** A connected instance (Acme Wallet on Acme). */
export async function connectedPortico(options: StoryPorticoOptions = {}): Promise<Portico> {
  const portico = await createStoryPortico(options);
  await portico.connect('acme-wallet');
  return portico;
}

/** What a story's loader hands to `withPortico`. */
export interface PorticoLoaded {
  portico: Portico;
}

/** Provides `loaded.portico` to the story (without the provider's own modal host). */
export const withPortico: Decorator = (Story, { loaded }) => {
  const { portico } = loaded as PorticoLoaded;
  return (
    <PorticoContext.Provider value={portico}>
      <Story />
    </PorticoContext.Provider>
  );
};

/** The toolbar theme, for the instance's own theme (the shell reads it). */
export const themeOf = (globals: Record<string, unknown>): 'light' | 'dark' => (globals.theme === 'dark' ? 'dark' : 'light');

/** Resolves once `count` requests wait on the approval view (the gate loads its approval flow with the first one that needs it). */
export function untilPending(portico: Portico, count = 1): Promise<void> {
  return new Promise((resolve) => {
    let off = () => {};
    const check = () => {
      if (portico.kernel.requestGate.getSnapshot().pending.length < count) return;
      off();
      resolve();
    };
    off = portico.kernel.requestGate.subscribe(check);
    check();
  });
}
