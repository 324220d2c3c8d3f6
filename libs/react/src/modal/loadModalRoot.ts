import { retryFailedImport } from '@portico/kernel';
import type * as ModalRootModule from './ModalRoot';

/** How many times a failed modal chunk is fetched again, each under a new retry marker. */
const RETRIES = 8;

/**
 * Loads the modal chunk (shell, styles, UI kit, the Connect view, and the other core views'
 * loaders). Import caching makes repeat calls free. Some browsers (Chromium 150) keep a
 * failed import's result for the page's life, so after a failure the chunk is imported
 * under `?portico-retry=1`, `=2`, …: each call walks past the markers that already failed
 * (answered from the browser's cache, no request) to the first untried one, and every
 * later call lands on the marker that succeeded, so all callers share one instance. No
 * state is kept here.
 */
export async function loadModalRoot(): Promise<typeof ModalRootModule> {
  let failure: unknown;
  try {
    return await import('./ModalRoot');
  } catch (error) {
    failure = error;
  }
  for (let attempt = 1; attempt <= RETRIES; attempt++) {
    const retry = retryFailedImport<typeof ModalRootModule>(failure, attempt);
    if (!retry) break;
    try {
      return await retry;
    } catch {
      // Walk on to the next marker; the first failure keeps naming the chunk's own URL.
    }
  }
  throw failure;
}
