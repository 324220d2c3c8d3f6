import type { Logger } from '@portico/kernel';
import type { ApprovalSurface, ApprovalSurfaceHandle } from '@portico/react';
import { createFrameClient, type AppEventName, type AppEventRequest, type AppEventSuccess, type FrameEventPayload } from '@portico/frame-protocol';

/** The frame never said READY: it did not load, or its origin refused this page (spec §8). */
export class EmbeddedWalletLoadError extends Error {
  override name = 'EmbeddedWalletLoadError';
  constructor() {
    super('Unable to load email login dependency');
  }
}

/** How long the frame may take to say READY before it counts as failed to load. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000;

/** The frame while nobody sees it: no size, no pointer, out of the accessibility tree. */
const HIDDEN = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;bottom:0;right:0';
/** How long after the approval view stops showing the frame its waiting requests are refused (a re-render shows it again sooner). */
const CANCEL_AFTER_MS = 150;

/** Options of `createEmbeddedWallet`. */
export interface EmbeddedWalletOptions {
  readonly frameUrl: string;
  readonly projectId: string;
  readonly chainId: string;
  readonly version: string;
  readonly logger: Logger;
  readonly loadTimeoutMs?: number;
}

/**
 * The host's handle on the wallet frame: the iframe (hidden, mounted on first use, kept for
 * the page's life) and the frame-protocol client over it. `request` waits for READY + 500 ms;
 * a frame that never says READY fails every request with "Unable to load email login
 * dependency" (and the next request tries a new frame). `surface` shows the frame's own
 * approval screen over the approval view's slot while a request waits there (issue #36).
 */
export function createEmbeddedWallet(options: EmbeddedWalletOptions) {
  let iframe: HTMLIFrameElement | undefined;
  let client: ReturnType<typeof createFrameClient> | undefined;
  let ready: Promise<void> | undefined;
  /** The frame's last word on its approval screen, for a slot that attaches after it spoke. */
  let approvals: FrameEventPayload<'approvals'> = { pending: 0, height: 0 };
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;

  const unmount = () => {
    clearTimeout(cancelTimer);
    client?.dispose();
    iframe?.remove();
    iframe = undefined;
    client = undefined;
    ready = undefined;
  };

  const mount = (): Promise<void> => {
    if (ready) return ready;
    const url = new URL(options.frameUrl);
    for (const [key, value] of Object.entries({ projectId: options.projectId, chainId: options.chainId, version: options.version, enableLogger: 'false' })) url.searchParams.set(key, value);
    const frame = document.createElement('iframe');
    frame.src = url.toString();
    frame.title = 'Portico embedded wallet';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.referrerPolicy = 'origin';
    frame.dataset.porticoWalletFrame = '';
    frame.style.cssText = HIDDEN;
    iframe = frame;
    client = createFrameClient({ listenOn: window, frame: () => frame.contentWindow, frameOrigin: url.origin, onIgnored: (reason) => options.logger.warn(`Wallet frame: ignored ${reason}`) });
    client.onEvent('approvals', (payload) => (approvals = payload));
    const loaded = client.ready;
    document.body.append(frame);
    ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new EmbeddedWalletLoadError()), options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS);
      void loaded.then(() => (clearTimeout(timer), resolve()));
    }).catch((error: unknown) => {
      options.logger.error(`The wallet frame at ${url.origin} did not load`, error);
      unmount();
      throw error;
    });
    return ready;
  };

  /**
   * Shows the frame over `slot` (fixed over it, following it each animation frame, above the
   * modal) with the host's theme and language; the frame's approval screen reports its height
   * and when Tab leaves it. Detaching hides the frame again and, unless it is shown again at once,
   * refuses what waits there: nobody can see it any more.
   */
  const surface: ApprovalSurface = {
    attach(slot, attachOptions): ApprovalSurfaceHandle {
      const frame = iframe;
      const frameClient = client;
      if (!frame || !frameClient) return { update: () => undefined, focus: () => undefined, detach: () => undefined };
      clearTimeout(cancelTimer);
      frame.dataset.porticoSurface = '';
      frame.removeAttribute('aria-hidden');
      frame.tabIndex = 0;
      frame.title = attachOptions.label;
      let placed = '';
      let raf = 0;
      const place = () => {
        const r = slot.getBoundingClientRect();
        const next = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;border:0;margin:0;padding:0;opacity:1;pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:normal`;
        if (next !== placed) frame.style.cssText = placed = next;
        raf = requestAnimationFrame(place);
      };
      place();
      attachOptions.onHeight(approvals.height);
      const offs = [frameClient.onEvent('approvals', (payload) => attachOptions.onHeight(payload.height)), frameClient.onEvent('focus-leave', (payload) => attachOptions.onFocusLeave(payload.direction))];
      const sync = (appearance: typeof attachOptions.appearance) =>
        void frameClient.request('SYNC_THEME', { themeMode: appearance.themeMode, locale: appearance.locale, ...(appearance.themeVariables ? { themeVariables: appearance.themeVariables } : {}) }).catch((error: unknown) => options.logger.warn('The wallet frame did not take the theme', error));
      sync(attachOptions.appearance);
      let attached = true;
      return {
        update: sync,
        focus: () => frame.focus(),
        detach() {
          if (!attached) return;
          attached = false;
          cancelAnimationFrame(raf);
          for (const off of offs) off();
          delete frame.dataset.porticoSurface;
          frame.setAttribute('aria-hidden', 'true');
          frame.tabIndex = -1;
          frame.title = 'Portico embedded wallet';
          frame.style.cssText = HIDDEN;
          cancelTimer = setTimeout(() => void frameClient.request('CANCEL_APPROVALS', {}).catch(() => undefined), CANCEL_AFTER_MS);
        },
      };
    },
  };

  return {
    surface,
    /** Sends an app event to the frame (mounting it first); see `createFrameClient`'s `request`. */
    async request<E extends AppEventName>(event: E, payload: AppEventRequest<E>, init: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<AppEventSuccess<E>> {
      await mount();
      return client!.request(event, payload, init);
    },
    /** Whether the frame is mounted (the page has used the embedded wallet). */
    get mounted() {
      return iframe !== undefined;
    },
    dispose: unmount,
  };
}

export type EmbeddedWallet = ReturnType<typeof createEmbeddedWallet>;
