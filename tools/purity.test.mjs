// The core and the React layer name no chain and no first-party plugin (tools/purity.mjs),
// outside the listed platform words; the kernel has its own, stricter check
// (libs/kernel/test/purity.test.ts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { packageViolations, puritySources, purityViolations, routerUses } from './purity.mjs';

const WORKSPACE = join(import.meta.dirname, '..');

/** The core's catalogues: English and the 13 translations. */
const CATALOGUES = /^src\/i18n\/(en|locales\/[A-Za-z-]+)\.ts$/;
const CATALOGUES_AND_LABELS = /^src\/i18n\/(en|labels|locales\/[A-Za-z-]+)\.ts$/;

const PACKAGES = [
  {
    name: '@portico/core',
    root: join(WORKSPACE, 'libs/core'),
    options: {},
    expected: ['src/portico/createPortico.ts', 'src/actions/connect.ts', 'src/approval/describeRequest.ts', 'src/i18n/labels.ts', 'src/i18n/locales/fr.ts'],
    allowed: [
      { file: CATALOGUES, word: 'walletconnect', why: "the label of the spec's `walletConnect` connector group, and All Wallets' note that directory wallets need the protocol" },
      { file: /^src\/i18n\/labels\.ts$/, word: 'walletconnect', why: "All Wallets' note that directory wallets need the protocol" },
      { file: CATALOGUES, word: 'send', why: 'the approval view describing a wallet request (a token transfer, its amounts): what the request does, not the Send plugin' },
      { file: CATALOGUES, word: 'receive', why: 'the approval view describing a wallet request (what a swap call pays out, and to whom)' },
      { file: CATALOGUES, word: 'swap', why: 'the approval view describing a wallet request (a DEX swap call it decodes), not the Swap plugin' },
      { file: CATALOGUES_AND_LABELS, word: 'socials', why: "the spec's `socials-timeout` alert (its id and text)" },
      { file: CATALOGUES_AND_LABELS, word: 'social', why: "the spec's `socials-timeout` alert (its id and text)" },
      { file: 'src/coreManifest.ts', word: 'social', why: "the spec's `socials-timeout` alert text" },
      { file: 'src/coreManifest.ts', word: 'email', why: "the spec's `socials-timeout` alert text (\"The social or email sign-in step…\")" },
      { file: CATALOGUES_AND_LABELS, word: 'email', why: "the spec's `socials-timeout` alert text (\"The social or email sign-in step…\")" },
      { file: 'src/approval/approvalKind.ts', word: 'send', why: 'the RPC methods that move funds (`eth_sendTransaction`, …): the approval title for a request, not the Send plugin' },
      { file: 'src/analytics/createBeaconTransport.ts', word: 'send', why: "the browser's `navigator.sendBeacon`" },
      { file: 'src/portico/directoryConnectors.ts', word: 'walletconnect', why: "the spec's `WALLET_CONNECT` connector type, through which directory wallets are reached" },
      { file: 'src/portico/directoryWallets.ts', word: 'walletconnect', why: "the spec's `WALLET_CONNECT` connector type, and a warning to the host that names the protocol custom wallets need" },
      { file: 'src/portico/createPortico.ts', word: 'siwx', why: "the spec's `siwx` config option (the sign-in plugin the host passes)" },
      { file: 'src/portico/porticoConfigSchema.ts', word: 'siwx', why: "the spec's `siwx` config option" },
      { file: 'src/portico/configWarnings.ts', word: 'siwx', why: "the spec's `siwx` config option, named in the warning about the legacy `siweConfig`" },
      { file: 'src/portico/porticoConfigSchema.ts', word: 'eip155', why: 'an example CAIP-2 id in a validation message' },
      { file: 'src/coreManifest.ts', word: 'socials', why: "the spec's `socials-timeout` alert id" },
      { file: 'src/analytics/createAnalytics.ts', word: 'siwx', why: "the sign-in events the spec's analytics records" },
      { file: 'src/analytics/createAnalyticsMapper.ts', word: 'siwx', why: "the sign-in events the spec's analytics records" },
    ],
  },
  {
    name: '@portico/react',
    root: join(WORKSPACE, 'libs/react'),
    options: { skipDirs: ['stories', 'test'] },
    expected: ['src/views/ConnectView.tsx', 'src/views/approval/WalletSurface.tsx'],
    allowed: [
      { file: 'src/views/groupConnectors.ts', word: 'walletconnect', why: "the spec's connector group `walletConnect` (kernel taxonomy)" },
      { file: 'src/views/AllWalletsView.tsx', word: 'walletconnect', why: 'user-facing English that names the protocol directory wallets need' },
      { file: 'src/hooks/useConnectedUser.ts', word: 'email', why: "the spec's `embeddedWalletInfo.user.email`: a field of the connected account, not the e-mail plugin" },
      { file: 'src/views/AccountView.tsx', word: 'email', why: "the spec's `embeddedWalletInfo.user.email`, shown as who is signed in" },
    ],
  },
];

describe.each(PACKAGES)('$name names no chain and no plugin', ({ name, root, options, expected, allowed }) => {
  it('finds the sources', () => {
    const files = puritySources(root, options);
    for (const file of expected) expect(files).toContain(file);
    expect(files.length).toBeGreaterThan(30);
  });

  it('outside the listed platform words', () => {
    const found = packageViolations(root, allowed, options);
    expect(found, `Chain or plugin names in ${name}:\n${found.join('\n')}`).toEqual([]);
  });
});

it('catches one when it is there (the check is live)', () => {
  expect(purityViolations('src/x.ts', "const view = 'ConnectingWalletConnect';")).toHaveLength(1);
  expect(purityViolations('src/x.ts', "if (ns === 'eip155') go();")).toHaveLength(1);
  expect(purityViolations('src/x.ts', '// eip155 in a comment is fine\nconst a = 1;')).toEqual([]);
  // The everyday words count as whole words only.
  expect(purityViolations('src/x.ts', "if (method.id === 'social') go();")).toHaveLength(1);
  expect(purityViolations('src/x.ts', "t('connect.sendToken');")).toHaveLength(1);
  expect(purityViolations('src/x.ts', "push('Swap');")).toHaveLength(1);
  expect(purityViolations('src/x.ts', "const received = 'isEndpointUnreachable, emails';")).toEqual([]);
  // An allowed word does not hide a forbidden one beside it.
  expect(purityViolations('src/coreManifest.ts', "const text = 'A social login and the Swap view';", [{ file: 'src/coreManifest.ts', word: 'social', why: 'test' }])).toHaveLength(1);
  expect(purityViolations('src/coreManifest.ts', "const text = 'A social login';", [{ file: 'src/coreManifest.ts', word: 'social', why: 'test' }])).toEqual([]);
});

describe("core's actions change state and never navigate (the modal follows the state)", () => {
  const core = join(WORKSPACE, 'libs/core');
  const actions = puritySources(core).filter((file) => file.startsWith('src/actions/'));

  it('finds the actions', () => {
    expect(actions).toContain('src/actions/connect.ts');
    expect(actions).toContain('src/actions/disconnect.ts');
  });

  it('no action reaches the router', () => {
    const found = actions.flatMap((file) => routerUses(file, readFileSync(join(core, file), 'utf8')));
    expect(found, `Router calls in core actions:\n${found.join('\n')}`).toEqual([]);
  });

  it('catches one when it is there (the check is live)', () => {
    expect(routerUses('src/actions/x.ts', "kernel.router.push('Connecting');")).toHaveLength(1);
    expect(routerUses('src/actions/x.ts', 'const { router } = kernel;\nrouter.close();')).toHaveLength(2);
    expect(routerUses('src/actions/x.ts', "kernel.getService(kernelRefs.router).close('connected');")).toHaveLength(1);
    expect(routerUses('src/actions/x.ts', '// the router follows the attempt\nconst a = 1;')).toEqual([]);
  });
});
