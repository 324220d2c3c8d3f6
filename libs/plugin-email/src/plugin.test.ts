import { createKernel, createMemoryStorage, definePlugin, validateManifest } from '@portico/kernel';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_CONNECTOR_ID } from './api';
import { createEmailPlugin, emailPlugin } from './plugin';

const withFrame = createEmailPlugin({ frameUrl: 'https://wallet.portico.example' });
const load = (features: Record<string, boolean> = {}, plugin = withFrame) =>
  createKernel({ plugins: [plugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('emailPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(emailPlugin.manifest)).not.toThrow();
  });

  it('offers the email connect method first, behind the email flag (on by default)', () => {
    const kernel = load();
    expect(kernel.contributions.list('connectMethods').map((m) => [m.id, m.order])).toEqual([['email', 10]]);
    expect(kernel.flags.get('email')).toMatchObject({ value: true, source: 'default', owner: 'email' });
    expect(kernel.contributions.list('connectorGroups')[0]).toMatchObject({ connectorType: 'AUTH' });
  });

  it('without a frame (or with one that is not an http(s) URL) offers no e-mail method, and says why', async () => {
    expect(load({}, emailPlugin).contributions.list('connectMethods')).toEqual([]);
    const logged: string[] = [];
    const sink = (_level: string, message: string) => void logged.push(message);
    const kernel = createKernel({ plugins: [createEmailPlugin({ frameUrl: 'javascript:alert(1)' })], storage: createMemoryStorage(), logSink: sink });
    await kernel.start();
    expect(kernel.contributions.list('connectMethods')).toEqual([]);
    expect(logged.join('\n')).toContain('E-mail login is off: frameUrl must be an http(s) URL, not "javascript:alert(1)"');
  });

  it('listed with the page, it places its row at start and activates only for a view of its own or a connection of its wallet (#41)', async () => {
    const storage = createMemoryStorage();
    const evm = definePlugin({ manifest: { id: 'evm', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'eip155', name: 'EVM', defaultAccountType: 'eoa' }] } });
    const kernel = createKernel({ plugins: [evm, withFrame], storage, logLevel: 'silent' });
    await kernel.start();
    expect(kernel.contributions.list('connectMethods').map((m) => m.id)).toEqual(['email']);
    expect(kernel.plugins.get('email')?.status).toBe('resolved');
    kernel.connection.setConnecting('eip155', 'io.metamask');
    expect(kernel.plugins.get('email')?.status).toBe('resolved');
    kernel.connection.setDisconnected('eip155');
    kernel.connection.setConnecting('eip155', EMAIL_CONNECTOR_ID);
    await vi.waitFor(() => expect(kernel.plugins.get('email')?.status).toBe('active'));
    kernel.connection.setConnected('eip155', { accounts: [{ address: 'eip155:1:0x0000000000000000000000000000000000000001', type: 'eoa' }] });
    await kernel.dispose();
    // A reload: the stored e-mail connection is restored, and the plugin activates at start.
    const reloaded = createKernel({ plugins: [evm, withFrame], storage, logLevel: 'silent' });
    expect(reloaded.plugins.get('email')?.status).toBe('resolved');
    await reloaded.start();
    expect(reloaded.plugins.get('email')?.status).toBe('active');
    // Its views activate it too (the kernel activates a view's plugin before loading the view).
    const fresh = createKernel({ plugins: [evm, withFrame], storage: createMemoryStorage(), logLevel: 'silent' });
    await fresh.start();
    expect(fresh.plugins.get('email')?.status).toBe('resolved');
    await fresh.plugins.activate('email');
    expect(fresh.plugins.get('email')?.status).toBe('active');
  });

  it('is not loaded when the host turns email off', () => {
    const kernel = load({ email: false });
    expect(kernel.plugins.get('email')).toMatchObject({ status: 'disabled', disabledBy: 'email' });
    expect(kernel.contributions.list('connectMethods')).toEqual([]);
  });
});
