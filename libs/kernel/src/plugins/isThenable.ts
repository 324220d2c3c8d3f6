/** Whether `value` is a promise or promise-like, i.e. something worth awaiting. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
