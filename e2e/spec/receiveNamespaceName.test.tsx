// @vitest-environment happy-dom
/**
 * A plugin's view that names a namespace reads the chain plugin's own catalogue: the Receive
 * hint says "アクメ" in Japanese when the chain plugin translates its namespace's name (#39: the
 * chains' names left the core's catalogue for the chain plugins').
 */
import { createMemoryStorage } from '@portico/kernel';
import { showPluginLocale } from '@portico/core';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { createPortico, definePluginMessages, PorticoProvider, type Portico, type ViewProps } from '@portico/react';
import { receivePlugin } from '@portico/plugin-receive';
import type { ComponentType } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

const made: Portico[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(made.splice(0).map((p) => p.dispose()));
});

it("the Receive view names the namespace as its chain plugin's catalogue translates it", async () => {
  const chain = acmeChain().plugin;
  const messages = { en: { 'namespace.acme': chain.manifest.namespaces![0]!.name }, locales: { ja: async () => ({ default: { 'namespace.acme': 'アクメ' } }) } };
  const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent', networks: acmeNetworks, locale: 'ja', plugins: [{ ...chain, messages: async () => ({ messages }) }, receivePlugin] });
  made.push(portico);
  await portico.start();
  await portico.connect('acme-wallet');
  await vi.waitFor(() => expect(portico.i18n.getSnapshot().loaded).toBe('ja'), { timeout: 10_000 });
  // What the modal does once its chunk is there (ModalRoot): the catalogue defined, its Japanese in use.
  definePluginMessages(messages);
  await showPluginLocale('ja');
  const ReceiveView = (await portico.kernel.loadView('Receive')).default as ComponentType<ViewProps>;
  render(
    <PorticoProvider portico={portico}>
      <ReceiveView />
    </PorticoProvider>,
  );
  await vi.waitFor(() => expect(screen.getByText('このアドレスには アクメ の資産だけを送ってください。')).toBeTruthy(), { timeout: 10_000 });
});
