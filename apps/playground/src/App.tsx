import type { PluginDefinition } from '@portico/kernel';
import { createPortico, PorticoProvider, type Portico } from '@portico/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { outsideNetworks, outsidePlugins } from 'virtual:portico-outside-plugins';
import { allPlugins } from './allPlugins';
import { ControlPanel } from './ControlPanel';
import { demoChainPlugin, demoNetworks } from './demoChain';
import { evmNetworks } from './evm';
import { multichainNetworks } from './multichain';
import { createSiwxPlugin, createSiwxServerClient } from '@portico/plugin-siwx';
import { HostPage } from './HostPage';
import { Inspector } from './Inspector';

const params = new URLSearchParams(location.search);
// `?wagmi`: a panel written with wagmi's hooks over Portico's connection (its code loads only then).
const WagmiPanel = params.has('wagmi') ? lazy(() => import('./WagmiPanel')) : undefined;

/** What the control panel changes that needs a new Portico instance. */
export interface Setup {
  plugins: string[];
  networks: string[];
  projectId: string;
}

// Sign-in is opt-in: `?siwx=optional` or `?siwx=required` (connect flows then ask for a signature).
const siwxMode = params.get('siwx');
// With `?siwxServer=` (or the server `npm start` runs), nonces and verification come from it.
const siwxServer = params.get('siwxServer') ?? (import.meta.env.VITE_PORTICO_SIWX_SERVER as string | undefined);
const siwxPlugin = createSiwxPlugin({
  required: siwxMode === 'required',
  statement: 'Sign in to the Portico playground.',
  ...(siwxServer ? { server: createSiwxServerClient(siwxServer) } : {}),
});
// Plugins from outside the repository: PORTICO_PLUGINS=<module>,… (see outsidePlugins.ts).
const everyPlugin: PluginDefinition[] = [demoChainPlugin, ...allPlugins, ...outsidePlugins];
// The wallet directory: the local registry `npm start` runs (or `?registry=`), featured, included
// and excluded registry ids from the query, and one custom wallet of the host's own.
const walletRegistryUrl = params.get('registry') ?? (import.meta.env.VITE_PORTICO_REGISTRY as string | undefined);
const idList = (name: string) => params.get(name)?.split(',').filter(Boolean);
const directory = {
  ...(walletRegistryUrl ? { walletRegistryUrl } : {}),
  ...(idList('featured') ? { featuredWalletIds: idList('featured') } : {}),
  ...(idList('include') ? { includeWalletIds: idList('include') } : {}),
  ...(idList('exclude') ? { excludeWalletIds: idList('exclude') } : {}),
  customWallets: [
    {
      id: 'acme-custom-wallet',
      name: 'Acme Custom Wallet',
      imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" rx="10" fill="%23e8590c"/%3E%3C/svg%3E',
      mobileLink: 'acmewallet://',
      webappLink: 'https://wallet.acme.example',
      appStore: 'https://apps.apple.com/app/acme-wallet/id1000000001',
      playStore: 'https://play.google.com/store/apps/details?id=example.acme.wallet',
    },
  ],
};
// `?features=legalCheckbox,collapseWallets` turns flags on (`-id` turns one off); the control panel changes them at run time.
const features = Object.fromEntries(idList('features')?.map((id) => (id.startsWith('-') ? [id.slice(1), false] : [id, true])) ?? []);
const lazyIds = new Set(idList('lazyPlugins') ?? []);
// `?connectedPlugins=swaps,onramp` passes those as `{ load, when: 'connected' }`: loaded once an account is connected.
const connectedIds = new Set(idList('connectedPlugins') ?? []);
const everyNetwork = [...evmNetworks, ...multichainNetworks, ...demoNetworks, ...outsideNetworks];

/** The playground: a host page using Portico, the control panel and the inspector. */
export function App() {
  const [setup, setSetup] = useState<Setup>({
    plugins: params.get('plugins')?.split(',') ?? everyPlugin.map((p) => p.manifest.id),
    networks: everyNetwork.map((n) => n.caipNetworkId),
    projectId: params.get('projectId') ?? 'playground-project',
  });
  const portico = useMemo<Portico>(
    () =>
      createPortico({
        projectId: setup.projectId,
        metadata: { name: 'Portico Playground', url: location.origin },
        networks: everyNetwork.filter((n) => setup.networks.includes(n.caipNetworkId)),
        // `?lazyPlugins=swaps,onramp` passes those as lazy plugins (functions that load one), added after start.
        plugins: everyPlugin
          .filter((p) => setup.plugins.includes(p.manifest.id))
          .map((p) => (lazyIds.has(p.manifest.id) ? () => Promise.resolve(p) : connectedIds.has(p.manifest.id) ? { load: () => Promise.resolve(p), when: 'connected' as const } : p)),
        ...(siwxMode ? { siwx: siwxPlugin } : {}),
        ...directory,
        features,
        // The pages the legalCheckbox flag's checkbox links to.
        termsConditionsUrl: new URL('terms.html', location.href).href,
        privacyPolicyUrl: new URL('privacy.html', location.href).href,
        themeMode: (params.get('theme') as 'light' | 'dark' | null) ?? 'system',
        locale: params.get('locale') ?? 'en',
        ...(params.get('cspNonce') ? { cspNonce: params.get('cspNonce')! } : {}),
        storageKey: 'portico-playground',
        // `?connectTimeoutMs=`: how long Connecting waits before saying the wallet is not answering.
        ...(params.get('connectTimeoutMs') ? { connectTimeoutMs: Number(params.get('connectTimeoutMs')) } : {}),
        // `?analyticsUrl=`: the modal's usage events go there (batched POSTs); none without it.
        ...(params.get('analyticsUrl') ? { analytics: { url: params.get('analyticsUrl')! } } : {}),
        logLevel: 'warn',
      }),
    [setup],
  );
  // Dispose an instance only once a new one replaced it (StrictMode re-runs effects).
  const previous = useRef<Portico>(undefined);
  useEffect(() => {
    if (previous.current && previous.current !== portico) void previous.current.dispose();
    previous.current = portico;
    // Exposed for the browser tests and for poking at from the console.
    (window as { portico?: Portico }).portico = portico;
  }, [portico]);

  return (
    <PorticoProvider portico={portico}>
      <main className="playground">
        <HostPage />
        {WagmiPanel ? (
          <Suspense fallback={null}>
            <WagmiPanel portico={portico} />
          </Suspense>
        ) : null}
        <ControlPanel portico={portico} setup={setup} onSetup={setSetup} everyPlugin={everyPlugin} networkIds={everyNetwork.map((n) => n.caipNetworkId)} />
        <Inspector portico={portico} />
      </main>
    </PorticoProvider>
  );
}
