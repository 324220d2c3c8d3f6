import { createKernel, createMemoryStorage, definePlugin, validateManifest, type PluginDefinition } from '@portico/kernel';
import { describe, expect, it, vi } from 'vitest';
import { isRestrictedTimeZone, onrampSettingsRef } from './api';
import { resolveOnrampOptions } from './options';
import { createOnrampPlugin, onrampPlugin } from './plugin';

const load = (plugin: PluginDefinition = onrampPlugin) => createKernel({ plugins: [plugin], storage: createMemoryStorage(), logLevel: 'silent' });
const meld = { publicKey: 'pk_test_12345678' };

describe('onrampPlugin', () => {
  it('has a valid manifest, with or without the Buy button', () => {
    expect(() => validateManifest(onrampPlugin.manifest)).not.toThrow();
    expect(() => validateManifest(createOnrampPlugin({ meld }).manifest)).not.toThrow();
  });

  it('adds the Buy button for eip155 and solana (the spec’s onramp chains), not bip122, once a provider is configured', () => {
    const kernel = load(createOnrampPlugin({ meld, timeZone: 'Europe/Paris' }));
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).toEqual(['onramp']);
    expect(kernel.contributions.list('walletButtons', 'solana').map((b) => b.id)).toEqual(['onramp']);
    expect(kernel.contributions.list('walletButtons', 'bip122')).toEqual([]);
    expect(kernel.flags.get('onramp')?.value).toBe(true);
  });

  it('has no Buy button without a provider, nor in the time zones of mainland China, Hong Kong and Macau', () => {
    expect(load().contributions.list('walletButtons', 'eip155')).toEqual([]);
    for (const timeZone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Urumqi']) {
      expect(load(createOnrampPlugin({ meld, timeZone })).contributions.list('walletButtons', 'eip155'), timeZone).toEqual([]);
      expect(isRestrictedTimeZone(timeZone)).toBe(true);
    }
    expect(isRestrictedTimeZone('Asia/Tokyo')).toBe(false);
    expect(isRestrictedTimeZone('Asia/Taipei')).toBe(false);
  });

  it('gives its view the settings', async () => {
    const kernel = load(createOnrampPlugin({ meld, quoteUrl: 'http://127.0.0.1:9/quotes' }));
    await kernel.start();
    expect(await kernel.getService(onrampSettingsRef)()).toMatchObject({ meld, quoteUrl: 'http://127.0.0.1:9/quotes', currencies: ['USD', 'EUR', 'GBP'], pollMs: 3000 });
  });
});

describe('resolveOnrampOptions', () => {
  it('a plugin made with bad options loads no settings, with the same message', async () => {
    const kernel = load(createOnrampPlugin({ meld: { publicKey: 'short' } }));
    await kernel.start();
    await expect(kernel.getService(onrampSettingsRef)()).rejects.toThrow('createOnrampPlugin: meld.publicKey must be the Meld public key');
  });

  it('names the field that is wrong', () => {
    const bad: [unknown, string][] = [
      [{ coinbase: {} }, 'createOnrampPlugin: coinbase.sessionTokenUrl must be an http(s) URL'],
      [{ coinbase: { sessionTokenUrl: 'https://a.example', widgetUrl: 'javascript:alert(1)' } }, 'createOnrampPlugin: coinbase.widgetUrl must be an http(s) URL'],
      [{ meld: { publicKey: 'short' } }, 'createOnrampPlugin: meld.publicKey must be the Meld public key'],
      [{ coinbase: { sessionTokenUrl: 'https://a.example', logoUrl: 'http://cdn.example/c.png' } }, 'createOnrampPlugin: coinbase.logoUrl must be an https: or data:image/ URL'],
      [{ meld: { publicKey: 'pk_live_12345678', logoUrl: 'data:text/html,<script>' } }, 'createOnrampPlugin: meld.logoUrl must be an https: or data:image/ URL'],
      [{ quoteUrl: 'ftp://x' }, 'createOnrampPlugin: quoteUrl must be an http(s) URL'],
      [{ currencies: ['usd'] }, 'createOnrampPlugin: currencies[0] must be an ISO 4217 code such as "USD", not "usd"'],
      [{ currencies: [] }, 'createOnrampPlugin: currencies must be a non-empty array'],
      [{ pollMs: 10 }, 'createOnrampPlugin: pollMs must be a whole number of ms, at least 250, not 10'],
    ];
    for (const [options, message] of bad) expect(() => resolveOnrampOptions(options as never), JSON.stringify(options)).toThrow(message);
  });

  it('takes a provider logo as https: or data:image/', () => {
    const settings = resolveOnrampOptions({ coinbase: { sessionTokenUrl: 'https://a.example', logoUrl: 'https://cdn.example/c.png' }, meld: { publicKey: 'pk_live_12345678', logoUrl: 'data:image/png;base64,AAAA' } });
    expect([settings.coinbase?.logoUrl, settings.meld?.logoUrl]).toEqual(['https://cdn.example/c.png', 'data:image/png;base64,AAAA']);
  });
});

describe('the host’s options, checked off the first load', () => {
  it('are read and a mistake logged only once an account is connected, when the browser is next idle', async () => {
    const logged: string[] = [];
    const evm = definePlugin({ manifest: { id: 'evm', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'eip155', name: 'EVM', defaultAccountType: 'eoa' }] } });
    const kernel = createKernel({
      plugins: [evm, createOnrampPlugin({ meld: { publicKey: 'short' } })],
      storage: createMemoryStorage(),
      logSink: (_level, message) => void logged.push(message),
    });
    await kernel.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toEqual([]);
    kernel.connection.setConnecting('eip155', 'test');
    kernel.connection.setConnected('eip155', { accounts: [{ address: 'eip155:1:0x0000000000000000000000000000000000000001', type: 'eoa' }] });
    await vi.waitFor(() => expect(logged).toContain('[portico:onramp] Buying is off: the host passed bad options to createOnrampPlugin'));
  });
});
