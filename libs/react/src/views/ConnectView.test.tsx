// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { en, installedConnector } from '@portico/core';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import ConnectView from './ConnectView';

afterEach(cleanup);

async function setUp() {
  const chain = acmeChain();
  const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [chain.plugin], storage: createMemoryStorage(), logLevel: 'silent' });
  await portico.start();
  // As the modal's first open does: the actions' code and the complete English are there before a click.
  await portico.preload();
  portico.i18n.provideEnglish(en);
  // Two wallets announced one identity (rdns): the chain plugin lists both as contested.
  for (const n of [1, 2]) portico.kernel.connectors.register({ id: `xyz.acme.twin#${n}`, name: 'Twin Wallet', type: 'ANNOUNCED', namespaces: ['acme'], rdns: 'xyz.acme.twin', contested: true }, 'chain-acme');
  render(
    <PorticoProvider portico={portico}>
      <ConnectView />
    </PorticoProvider>,
  );
  return { portico, calls: chain.calls, wallets: within(screen.getByRole('region', { name: 'Wallets' })) };
}

describe('ConnectView and contested wallets', () => {
  it('tags each contested wallet, shows the warning on the first click, and connects only on "Connect anyway"', async () => {
    const { portico, calls, wallets } = await setUp();
    const twins = wallets.getAllByRole('button', { name: 'Twin Wallet Possible impostor' });
    expect(twins).toHaveLength(2);
    expect(wallets.getByRole('button', { name: 'Acme Wallet' })).toBeTruthy();
    await act(async () => twins[1]!.click());
    expect(calls).toEqual([]);
    const alert = wallets.getByRole('alert');
    expect(alert.textContent).toContain('More than one installed wallet claims to be Twin Wallet. Connect only if you trust this one.');
    expect(twins[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(twins[0]!.getAttribute('aria-expanded')).toBe('false');
    await act(async () => within(alert).getByRole('button', { name: 'Connect anyway' }).click());
    expect(calls).toEqual(['connect:xyz.acme.twin#2']);
    await portico.dispose();
  });

  it('connects an uncontested wallet on the first click', async () => {
    const { portico, calls, wallets } = await setUp();
    await act(async () => wallets.getByRole('button', { name: 'Acme Wallet' }).click());
    expect(calls).toEqual(['connect:acme-wallet']);
    await portico.dispose();
  });

  it('a registry wallet whose rdns is contested is not matched to an installed one (no silent pick)', async () => {
    const { portico } = await setUp();
    expect(installedConnector(portico.kernel, { id: 'registry-twin', rdns: 'xyz.acme.twin' })).toBeUndefined();
    expect(installedConnector(portico.kernel, { id: 'registry-acme', rdns: 'xyz.acme' })).toBe('acme-wallet');
    await portico.dispose();
  });
});
