import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
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

  it('is not loaded when the host turns email off', () => {
    const kernel = load({ email: false });
    expect(kernel.plugins.get('email')).toMatchObject({ status: 'disabled', disabledBy: 'email' });
    expect(kernel.contributions.list('connectMethods')).toEqual([]);
  });
});
