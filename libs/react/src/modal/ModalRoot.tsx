import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { onIdle, type PluginInfo } from '@portico/kernel';
import { definePluginMessages as defineCatalogue, en, followConnectAttempts, loadTranslation, pluginTranslations, showPluginLocale, translateWith, type PluginMessages, type Portico } from '@portico/core';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import { ModalShell } from './ModalShell';
import { useShadowHost } from './useShadowHost';
import { followWalletListing } from '../views/walletListing';
import * as connectingView from '../views/ConnectingView';
import * as connectView from '../views/ConnectView';

const following = new WeakSet<Portico>();
/** A plugin's messages module (`definePlugin({ messages })`): its `messages` export is the catalogue, defined here unless it defined itself. */
const defineLoaded = (module: unknown) => defineCatalogue((module as { messages: PluginMessages } | undefined)?.messages as PluginMessages);
/** The plugins' catalogue loads under way or done, by loader: each is called once a page. */
const catalogueLoads = new WeakMap<NonNullable<PluginInfo['messages']>, Promise<unknown>>();
/** The statuses of a plugin whose contributions (and so labels) the modal shows. */
const LIVE = new Set(['resolved', 'activating', 'active']);
/**
 * The modal shows connect attempts (the actions only start them) and the plugins' strings in its
 * language: once per instance, until it is disposed.
 */
function followInstance(portico: Portico): void {
  if (following.has(portico)) return;
  following.add(portico);
  portico.kernel.events.once('kernel:disposed', followConnectAttempts(portico.kernel));
  followConnectedViews(portico);
  // The plugins' own strings follow the modal's language: each catalogue's translation loads once
  // it is in use, and outside English the enabled plugins' catalogues load at once (their manifest
  // labels show before their views load).
  const { i18n, kernel } = portico;
  const failed = (error: unknown) => kernel.logger.warn('A plugin translation failed to load; its English shows', error);
  const showLocale = () => {
    const { loaded } = i18n.getSnapshot();
    void showPluginLocale(loaded, failed);
    if (loaded === 'en') return;
    for (const { status, messages } of kernel.plugins.getSnapshot()) {
      // Once per loader and page (a failed one is tried again at the next change).
      if (!messages || !LIVE.has(status) || catalogueLoads.has(messages)) continue;
      const load = Promise.resolve().then(messages).then(defineLoaded);
      catalogueLoads.set(messages, load);
      load.catch((error: unknown) => {
        catalogueLoads.delete(messages);
        failed(error);
      });
    }
  };
  showLocale();
  kernel.events.once('kernel:disposed', i18n.subscribe(showLocale));
  kernel.events.once('kernel:disposed', kernel.plugins.subscribe(showLocale));
}

/**
 * Called once the chunk has loaded, before the modal renders: hands over the complete English
 * catalogue (it travels with the modal: the page's first load has only the buttons' words) and
 * starts what the modal follows for the instance.
 */
export function ready(portico: Portico): void {
  portico.i18n.provideEnglish(en);
  followWalletListing(portico);
  followInstance(portico);
}

/**
 * Once an account connects, the views a click can then open first (the `account` role's view, its
 * active namespace's first tab, the `approval` gate's view) load when the browser is idle: they are
 * chunks of their own, not fetched before the first click of a visitor who has not connected (#41),
 * and one who has finds them loaded. The first connection of the instance only: after it, the
 * modal's own prefetch (once it has opened) and the browser's module cache do the rest. Started
 * once per instance, by `followInstance`.
 */
function followConnectedViews(portico: Portico): void {
  const { kernel } = portico;
  let cancel: (() => void) | undefined;
  const check = () => {
    if (cancel || !Object.values(kernel.connection.getSnapshot().namespaces).some((c) => c.status === 'connected')) return;
    cancel = onIdle(() => {
      // The tab the Account view shows first: its active namespace's.
      const active = kernel.connection.getSnapshot().activeNamespace;
      const tab = active ? kernel.contributions.list('accountTabs', active)[0]?.view : undefined;
      const views = kernel.contributions.list('views');
      for (const id of [kernel.router.viewFor('account'), tab, kernel.router.viewFor('approval')]) {
        const view = views.find((x) => x.id === id);
        // Never a plugin that is not active (a lazy plugin loads when its own trigger says).
        if (view && kernel.plugins.get(view.pluginId)?.status === 'active') void kernel.loadView(view.id).catch(() => undefined);
      }
    });
  };
  check();
  const stop = kernel.connection.subscribe(check);
  kernel.events.once('kernel:disposed', () => (stop(), cancel?.()));
}

/**
 * The core views' modules, loaded from here rather than from the core plugin so the
 * bundler sees the views as imported by the modal chunk and keeps what they share with it
 * (buttons, list items, the view outlet) inside it. Connect, the first view shown, and
 * Connecting, the next, are part of the chunk; the views a visitor meets only once connected
 * (Account, its tabs, Networks, the approval gate) are chunks of their own (#41), loaded from
 * here: they import `useModalT` from this module, which keeps what they share with it here.
 */
export const coreViews = {
  Connect: async () => connectView,
  AllWallets: () => import('../views/AllWalletsView'),
  Connecting: async () => connectingView,
  Networks: () => import('../views/NetworksView'),
  Account: () => import('../views/AccountView'),
  AccountTokens: () => import('../views/AccountTokensView'),
  AccountNfts: () => import('../views/AccountNftsView'),
  ApproveTransaction: () => import('../views/ApproveTransactionView'),
};

/**
 * `useT` for the core views loaded after the modal chunk (Account, its tabs, Networks, the
 * approval gate). Defined here, in the modal's own module, on purpose (#41), as `usePluginT` is:
 * a view that imports it depends on the modal chunk, so the host's bundler keeps what the modal
 * and the view share (buttons, banners, avatars, icons, hooks) inside that one chunk instead of
 * in small files of their own fetched before the first click (7 → 13 requests for the minimal
 * host without it).
 */
export function useModalT() {
  return useT();
}

/**
 * Whether the modal's stylesheet applies in its shadow root (read once the host is on the page):
 * adopted, or a `<style>` the page's CSP let through (a blocked one has no `sheet`). Without it the
 * prepared dialog would show unstyled at the end of the page (it is hidden by the stylesheet):
 * none is prepared then.
 */
function styled(container: HTMLElement): boolean {
  const shadow = container.getRootNode() as ShadowRoot;
  return !!shadow.adoptedStyleSheets?.length || !!shadow.querySelector('style')?.sheet;
}

/**
 * The lazily loaded modal, mounted once its chunk has loaded: a shadow-root host on the page, and
 * the shell. While closed, when the browser is idle, it renders the shell the next open will show
 * (the entry view: Connect for a visitor who has not connected), hidden and inert: its render,
 * style and layout are done before the click, which then only shows it (#41: click → dialog
 * visible 32.0 → 19.5 ms on the minimal host, docs/benchmarks.md). Each opening gets a fresh shell: closing unmounts the
 * one that was open (focus goes back to the opener) and a new one is prepared at the next idle
 * moment, so nothing a view held carries over to the next opening.
 */
export default function ModalRoot() {
  const portico = usePortico('ModalRoot');
  const { kernel } = portico;
  const container = useShadowHost(portico.cspNonce, (message) => kernel.logger.warn(message));
  // The host leaves the page with the kernel, even while this stays mounted.
  useEffect(() => kernel.events.once('kernel:disposed', () => (container.getRootNode() as ShadowRoot).host.remove()), [kernel, container]);
  const router = useObservable(kernel.router);
  // Whether the open would show the home view follows the connection (it shows Account once connected).
  useObservable(kernel.connection);
  const { isOpen } = router;
  const [shell, setShell] = useState({ key: 0, prepared: false, opened: isOpen, wasOpen: isOpen });
  if (shell.wasOpen !== isOpen) {
    // Closed: the shell that was open goes; opened: whatever is rendered becomes the open one.
    setShell((s) => ({ key: isOpen ? s.key : s.key + 1, prepared: false, opened: s.opened || isOpen, wasOpen: isOpen }));
  }
  useEffect(() => {
    if (isOpen || shell.prepared) return;
    return onIdle(() => setShell((s) => (s.wasOpen || !styled(container) ? s : { ...s, prepared: true })));
  }, [isOpen, shell.prepared, container]);
  // Once the modal has opened, the chunks of views that ask for it (`prefetch` in their
  // manifest: All Wallets, Networks, Account, the QR view, …) load when the browser is idle,
  // so a first visit renders in the click's frame. Never before the first open (nothing is
  // fetched for a modal the visitor never opens), never for a plugin that is not active.
  useEffect(() => {
    if (!shell.opened) return;
    return onIdle(() => {
      for (const view of kernel.contributions.list('views')) {
        if (view.prefetch && kernel.plugins.get(view.pluginId)?.status === 'active') void kernel.loadView(view.id).catch(() => undefined);
      }
    });
  }, [kernel, shell.opened]);
  const { current, stack } = router;
  // Ready only when `open()` will show the home view: the closed stack is it, and it is the entry (nobody connected).
  const home = kernel.router.home();
  const ready = shell.prepared && !isOpen && stack.length === 1 && current.params === undefined && home !== '' && current.view === home && kernel.router.entry() === home;
  return createPortal(isOpen || ready ? <ModalShell key={shell.key} open={isOpen} /> : null, container);
}

/**
 * `useT` for a plugin's view with its own catalogue (`messages`: English in the view's chunk, each
 * translation a module of its own): its keys are read there first (the locale in use once its
 * translation has loaded, then English), any other key in the modal's catalogue. Re-renders when
 * the locale changes or a translation arrives.
 *
 * Defined here, in the modal's own module, on purpose (#41): a plugin's view that imports it
 * depends on the modal chunk, so the host's bundler keeps what the modal and the plugins' views
 * share (buttons, banners, avatars, icons, formatters, hooks) inside that one chunk. Defined
 * elsewhere, each shared module became a file of its own, fetched before the first click: 26
 * requests for a host with every feature plugin on, 15 with the hook here.
 */
export function usePluginT(messages: PluginMessages) {
  const { i18n, kernel } = usePortico('usePluginT');
  const state = useObservable(i18n);
  // A translation arriving (its module loads once its language is in use) renders again.
  const arrived = useObservable(pluginTranslations);
  // Strings shown outside the modal's views (a host's own component) load theirs here.
  useEffect(() => void loadTranslation(messages, state.loaded, (error) => kernel.logger.warn('A plugin translation failed to load; its English shows', error)), [messages, state.loaded, kernel]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `arrived` changes what translateWith reads
  const t = useMemo(() => translateWith(i18n.t, messages, state.loaded), [i18n, messages, state.loaded, arrived]);
  return Object.assign(t, { dir: state.dir, locale: state.locale });
}

/**
 * Declares a plugin's catalogue (`@portico/core`'s `definePluginMessages`: once; its translation
 * into a language in use starts loading; a `TypeError` naming the problem for another shape), as a
 * plugin's messages module calls it. Exported from here, the modal's own module, on purpose (#41),
 * as `usePluginT` is: a catalogue module that calls it depends on the modal chunk, so the registry of
 * catalogues the modal and the catalogues share stays in that chunk instead of a file of its own
 * fetched before the first click.
 */
export function definePluginMessages<K extends string>(messages: PluginMessages<K>): PluginMessages<K> {
  return defineCatalogue(messages);
}
