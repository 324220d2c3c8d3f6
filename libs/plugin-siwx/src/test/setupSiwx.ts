import { createMemoryStorage, type AccountType, type Network, type StoragePort } from '@portico/kernel';
import { createPortico, followConnectAttempts } from '@portico/react';
import { onTestFinished } from 'vitest';
import { siwxServiceRef } from '../api';
import { createSiwxPlugin } from '../plugin';
import type { SiwxPluginOptions } from '../SiwxPluginOptions';
import { eip155TestChain } from './eip155TestChain';

/** The message domain and URI the tests sign in to. */
export const TEST_SITE = { domain: 'app.example.com', uri: 'https://app.example.com' } as const;

/** A started Portico (real kernel) with the in-memory eip155 chain and the siwx plugin. */
export async function setupSiwx(
  options: SiwxPluginOptions = {},
  chain: { accountType?: AccountType; withVerifier?: boolean; networks?: Network[] } = {},
  storage: StoragePort = createMemoryStorage(),
) {
  const testChain = eip155TestChain(chain);
  const portico = createPortico({
    projectId: 'test-project',
    plugins: [testChain.plugin, createSiwxPlugin({ ...TEST_SITE, ...options })],
    storage,
    networks: chain.networks,
    logLevel: 'silent',
  });
  await portico.start();
  // What the modal does once its chunk has loaded: it shows the connect attempts.
  followConnectAttempts(portico.kernel);
  const service = portico.kernel.getService(siwxServiceRef);
  const view = () => portico.kernel.router.getSnapshot().current.view;
  const isOpen = () => portico.kernel.router.getSnapshot().isOpen;
  return { ...testChain, portico, service, storage, view, isOpen };
}

/** `setupSiwx` for one test: the Portico is disposed when the test finishes. */
export async function startSiwx(...args: Parameters<typeof setupSiwx>) {
  const s = await setupSiwx(...args);
  onTestFinished(() => s.portico.dispose());
  return s;
}
