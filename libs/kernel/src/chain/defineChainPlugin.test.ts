import { describe, expect, it } from 'vitest';
import { chainAdapterRef } from '../../test/internals';
import { defineChainPlugin, type ChainPluginAdapter } from './defineChainPlugin';
import { kernelFactory } from '../../test/helpers';

const makeKernel = kernelFactory();

/** A chain plugin for "acme" whose `ready` is the given promise (or none). */
function acmePlugin(ready: (() => Promise<unknown> | undefined) | undefined) {
  return defineChainPlugin({
    manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
    adapter: (parts): ChainPluginAdapter => ({
      namespace: parts.namespace,
      connect: async () => undefined,
      disconnect: async () => undefined,
      switchNetwork: async () => undefined,
      reconnect: () => undefined,
    }),
    ...(ready ? { ready } : {}),
  });
}

describe('defineChainPlugin: ready', () => {
  it('activation, and so kernel.start(), waits for what ready returns', async () => {
    let release!: () => void;
    const listed = new Promise<void>((resolve) => (release = resolve));
    const kernel = makeKernel({ plugins: [acmePlugin(() => listed)] });
    let started = false;
    const start = kernel.start().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(false);
    // The adapter is registered before ready is awaited: discovery may use it meanwhile.
    expect(kernel.hasService(chainAdapterRef('acme'))).toBe(true);
    release();
    await start;
    expect(kernel.plugins.get('chain-acme')?.status).toBe('active');
  });

  it('a ready that rejects is logged; the plugin is active all the same', async () => {
    const lines: string[] = [];
    const kernel = makeKernel({ plugins: [acmePlugin(() => Promise.reject(new Error('listing failed')))], logLevel: 'warn', logSink: (_level, message) => void lines.push(message) });
    await kernel.start();
    expect(kernel.plugins.get('chain-acme')?.status).toBe('active');
    expect(lines.some((line) => line.includes('Discovery did not finish listing wallets'))).toBe(true);
  });

  it('no ready, or one that returns undefined: nothing to wait for', async () => {
    for (const ready of [undefined, () => undefined]) {
      const kernel = makeKernel({ plugins: [acmePlugin(ready)] });
      await kernel.start();
      expect(kernel.plugins.get('chain-acme')?.status).toBe('active');
    }
  });
});

describe('defineChainPlugin: messages', () => {
  it('passes the strings loader through: the kernel lists it with the plugin, for the modal to call outside English', async () => {
    const messages = async () => ({ messages: { en: { 'namespace.acme': 'Acme' }, locales: {} } });
    const plugin = defineChainPlugin({ ...acmePlugin(undefined), adapter: (parts) => ({ namespace: parts.namespace, connect: async () => undefined, disconnect: async () => undefined, switchNetwork: async () => undefined, reconnect: () => undefined }), messages });
    expect(plugin.messages).toBe(messages);
    const kernel = makeKernel({ plugins: [plugin] });
    await kernel.start();
    expect(kernel.plugins.get('chain-acme')).toMatchObject({ status: 'active', messages });
    // A plugin without one lists none; activation is the chain's all the same.
    const bare = makeKernel({ plugins: [acmePlugin(undefined)] });
    await bare.start();
    expect(bare.plugins.get('chain-acme')).toMatchObject({ status: 'active', messages: undefined });
    expect(bare.hasService(chainAdapterRef('acme'))).toBe(true);
  });
});
