import { ConnectCancelledError } from '../errors/kernelErrors';

/**
 * `promise`, or a rejection as soon as `signal` aborts (with the signal's reason when it is an
 * Error, else `ConnectCancelledError`). The promise itself keeps running: a wallet cannot be
 * made to stop asking, so its late answer must be ignored by whoever awaited this.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  const reason = () => (signal.reason instanceof Error ? signal.reason : new ConnectCancelledError());
  if (signal.aborted) {
    // The late outcome is nobody's: never an unhandled rejection.
    promise.catch(() => undefined);
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
