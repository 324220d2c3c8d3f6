import type { Logger } from '@portico/kernel';
import { createFrameClient, type AppEventName, type AppEventRequest, type AppEventSuccess } from '@portico/frame-protocol';

/** The frame never said READY: it did not load, or its origin refused this page (spec §8). */
export class EmbeddedWalletLoadError extends Error {
  override name = 'EmbeddedWalletLoadError';
  constructor() {
    super('Unable to load email login dependency');
  }
}

/** How long the frame may take to say READY before it counts as failed to load. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000;

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
 * dependency" (and the next request tries a new frame).
 */
export function createEmbeddedWallet(options: EmbeddedWalletOptions) {
  let iframe: HTMLIFrameElement | undefined;
  let client: ReturnType<typeof createFrameClient> | undefined;
  let ready: Promise<void> | undefined;

  const unmount = () => {
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
    frame.style.cssText = 'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;bottom:0;right:0';
    iframe = frame;
    client = createFrameClient({ listenOn: window, frame: () => frame.contentWindow, frameOrigin: url.origin, onIgnored: (reason) => options.logger.warn(`Wallet frame: ignored ${reason}`) });
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

  return {
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
