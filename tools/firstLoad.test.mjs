/**
 * What a host's page loads at once for `chainEip155Plugin` (the static imports `plugin.ts`
 * reaches, no `import()`): wallet discovery and the adapter's page-load half. viem (keccak, ABI, SIWE),
 * the session half and every reader load later; this walks the real import graph and fails if
 * a static import pulls one of them into the first load.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImports } from './runtimeImports.mjs';
import { ROOT } from './workspace.mjs';

const root = join(ROOT, 'libs/chain-eip155');
const firstLoad = runtimeImports(root, ['./src/plugin.ts'], { dynamic: false });
const everything = runtimeImports(root, ['./src/plugin.ts']);

describe('chain-eip155 first load', () => {
  it('imports no viem and none of the lazily loaded modules', () => {
    expect([...firstLoad.packages.keys()].filter((name) => name.startsWith('viem') || name.startsWith('ox'))).toEqual([]);
    const lazy = [
      'src/session.ts',
      'src/evmCodec.ts',
      'src/ens.ts',
      'src/estimateFee.ts',
      'src/walletAssets.ts',
      'src/siwx/createEip155Verifier.ts',
      'src/walletconnect/createEip155SessionProvider.ts',
      // Checking and listing announcements: loaded once a wallet has announced.
      'src/discovery/walletListing.ts',
      'src/discovery/parseAnnouncement.ts',
      'src/discovery/createRdnsClaims.ts',
    ];
    expect(firstLoad.files.filter((file) => lazy.includes(file))).toEqual([]);
  });

  it('walks the real graph: the adapter and discovery load at once, the session and viem behind import()', () => {
    expect(firstLoad.files).toEqual(expect.arrayContaining(['src/plugin.ts', 'src/createEip155Adapter.ts', 'src/discovery/listenForAnnouncements.ts', 'src/discovery/readAnnouncement.ts']));
    expect(everything.files).toEqual(expect.arrayContaining(['src/session.ts', 'src/evmCodec.ts']));
    expect([...everything.packages.keys()]).toContain('viem');
  });
});

describe('core first load', () => {
  const core = join(ROOT, 'libs/core');
  const page = runtimeImports(core, ['./src/portico/createPortico.ts'], { dynamic: false });
  const all = runtimeImports(core, ['./src/portico/createPortico.ts']);

  it('createPortico loads the actions a click needs, the directory listing and the account reads behind import()', () => {
    const lazy = [
      'src/actions/connect.ts',
      'src/actions/disconnect.ts',
      'src/actions/switchNetwork.ts',
      'src/actions/getBalance.ts',
      'src/actions/getTokens.ts',
      'src/actions/getIdentity.ts',
      'src/portico/directoryWallets.ts',
      'src/portico/sessionModule.ts',
      'src/portico/accountReads.ts',
      'src/portico/readsModule.ts',
    ];
    expect(page.files.filter((file) => lazy.includes(file))).toEqual([]);
    expect(all.files).toEqual(expect.arrayContaining(lazy));
    expect(page.files).toEqual(expect.arrayContaining(['src/portico/createPortico.ts', 'src/portico/walletDirectory.ts', 'src/portico/deferredRead.ts', 'src/portico/accountReadState.ts']));
  });

  it('the i18n store starts with the first-load English; the complete catalogue is not imported', () => {
    expect(page.files).toContain('src/i18n/enFirstLoad.ts');
    expect(page.files).not.toContain('src/i18n/en.ts');
  });
});

describe('feature plugins listed with the page (#41): what the page gets is the manifest and a stub', () => {
  // A plugin's `plugin.ts` as a host imports it: the manifest (its version from package.json), the
  // plugin's small api module (ids, refs) and the definition, whose activation and views import
  // the rest when the kernel runs them.
  const firstLoadOf = (lib) => runtimeImports(join(ROOT, 'libs', lib), ['./src/plugin.ts'], { dynamic: false });
  const allOf = (lib) => runtimeImports(join(ROOT, 'libs', lib), ['./src/plugin.ts']);

  it('e-mail: its activation (connector, provider, services), the flow and the frame load when it activates', () => {
    expect(firstLoadOf('plugin-email').files.sort()).toEqual(['package.json', 'src/api.ts', 'src/manifest.ts', 'src/plugin.ts']);
    expect(allOf('plugin-email').files).toEqual(expect.arrayContaining(['src/activateEmail.ts', 'src/emailModule.ts', 'src/embeddedWallet.ts']));
  });

  it('WalletConnect: the connection, its relay monitor and the interruption alerts load when first needed', () => {
    const page = firstLoadOf('plugin-walletconnect');
    expect(page.files.sort()).toEqual(['package.json', 'src/api.ts', 'src/manifest.ts', 'src/plugin.ts']);
    expect([...page.packages.keys()].filter((name) => name.startsWith('@walletconnect/'))).toEqual([]);
    expect(allOf('plugin-walletconnect').files).toEqual(expect.arrayContaining(['src/services/createSession.ts', 'src/services/WalletConnectConnection.ts', 'src/services/RelayConnectionMonitor.ts', 'src/services/announceRelayInterruptions.ts']));
  });

  it('Swap and Buy: their options checks and views load later', () => {
    for (const lib of ['plugin-swaps', 'plugin-onramp']) expect(firstLoadOf(lib).files.sort(), lib).toEqual(['package.json', 'src/api.ts', 'src/manifest.ts', 'src/plugin.ts']);
  });
});
