// @vitest-environment happy-dom
import { createMemoryStorage } from '@portico/kernel';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoContext } from '../context/PorticoContext';
import { BUILTIN_LOCALES, type Portico } from '@portico/core';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { connectedToFlakyNode } from '../test/flakyNodeChain';
import AccountView from '../views/AccountView';
import ApproveTransactionView from '../views/ApproveTransactionView';
import ConnectView from '../views/ConnectView';
import NetworksView from '../views/NetworksView';
import { useT } from '../hooks/useT';

/** What a catalogue key looks like when it leaks into the page instead of its message. */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z0-9-]+)+$/;

/** Every text node and every label-like attribute of the rendered tree. */
function visibleTexts(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push((node.textContent ?? '').trim());
  for (const el of root.querySelectorAll('*')) for (const name of ['aria-label', 'title', 'placeholder', 'alt']) if (el.hasAttribute(name)) texts.push(el.getAttribute(name)!.trim());
  return texts.filter(Boolean);
}

const live: Portico[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(live.splice(0).map((p) => p.dispose()));
});

async function renderIn(locale: string, view: ReactElement, portico?: Portico) {
  const instance =
    portico ??
    createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [acmeChain().plugin], storage: createMemoryStorage(), logLevel: 'silent', features: { legalCheckbox: true }, termsConditionsUrl: 'https://app.example/terms', privacyPolicyUrl: 'https://app.example/privacy' });
  live.push(instance);
  await instance.start();
  await instance.i18n.setLocale(locale);
  const { container } = render(<PorticoContext.Provider value={instance}>{view}</PorticoContext.Provider>);
  await act(async () => undefined);
  return { container, portico: instance };
}

describe.each(Object.keys(BUILTIN_LOCALES))('views in %s', (locale) => {
  it('Connect (with the terms checkbox), Networks and Approve show messages, never a raw key', async () => {
    for (const view of [<ConnectView key="c" />, <NetworksView key="n" />, <ApproveTransactionView key="a" />]) {
      const { container, portico } = await renderIn(locale, view);
      expect(portico.i18n.getSnapshot().loaded).toBe(locale);
      const texts = visibleTexts(container);
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((t) => RAW_KEY.test(t))).toEqual([]);
      cleanup();
    }
  });

  it('Account shows messages and the balance in the locale’s digits, never a raw key', async () => {
    const { portico } = await connectedToFlakyNode();
    const { container } = await renderIn(locale, <AccountView />, portico);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(visibleTexts(container).filter((t) => RAW_KEY.test(t))).toEqual([]);
    const balance = container.querySelector('[data-testid="account-balance"]')!.textContent;
    expect(balance).toBe(`${new Intl.NumberFormat(locale, { minimumFractionDigits: 3, useGrouping: false }).format(1.234)} ACM`);
  });
});

it('the raw-key check catches a leaked key', async () => {
  const { container } = await renderIn('fr', <Leak />);
  expect(visibleTexts(container).filter((t) => RAW_KEY.test(t))).toEqual(['connect.made.up']);
});

/** A view asking for a key no catalogue has: `t` falls back to the key itself. */
function Leak() {
  return <p>{useT()('connect.made.up')}</p>;
}
