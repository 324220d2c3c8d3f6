import { describe, expect, it } from 'vitest';
import { createKernel } from '../createKernel';
import { definePlugin } from '../manifest/definePlugin';
import { createMemoryStorage } from '../storage/StoragePort';
import { chainAdapterRef, type ChainAdapter } from './ChainAdapter';

describe('chainAdapterRef', () => {
  it('is one ref per namespace, so a host finds the adapter a chain plugin registered', async () => {
    const adapter: ChainAdapter = {
      namespace: 'acme',
      connect: async () => undefined,
      disconnect: async () => undefined,
      switchNetwork: async () => undefined,
    };
    const plugin = definePlugin({
      manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
      activate: (ctx) => void ctx.services.register(chainAdapterRef('acme'), { useValue: adapter }),
    });
    const kernel = createKernel({ plugins: [plugin], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    expect(chainAdapterRef('acme').id).toBe('chain-adapter/acme');
    expect(kernel.getService(chainAdapterRef('acme'))).toBe(adapter);
    await kernel.dispose();
  });

  it('rejects a namespace that is not an id', () => {
    expect(() => chainAdapterRef('Not A Namespace')).toThrow(TypeError);
  });
});
