import { afterEach } from 'vitest';
import {
  createKernel,
  createMemoryStorage,
  type Kernel,
  type KernelConfig,
  type ManifestInput,
  type PluginDefinition,
  type PorticoEvents,
} from './internals';
import { shellPlugin } from '../testing/index';

/** Resolves after `ms` real milliseconds. */
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true (or fails after `timeoutMs`), for real-timer tests. */
export async function waitFor(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: condition not met in time');
    await delay(5);
  }
}

/** A minimal valid manifest with `id`, merged with `extra`. */
export function manifest(id: string, extra: Partial<Record<keyof ManifestInput, unknown>> = {}): ManifestInput {
  return { id, version: '1.0.0', kernel: '^0.1.0', ...extra } as ManifestInput;
}

/** A plugin from a manifest (built with `manifest()`) and optional behaviour. */
export function plugin(
  m: ManifestInput,
  rest: { activate?: PluginDefinition['activate']; views?: Record<string, () => Promise<{ default: unknown }>> } = {},
): PluginDefinition {
  return { manifest: m, ...rest } as PluginDefinition;
}

/** A chain plugin for a made-up namespace, with a catch-all read-only policy. */
export function chainPlugin(namespace: string, extra: Partial<Record<keyof ManifestInput, unknown>> = {}): PluginDefinition {
  return plugin(
    manifest(`chain-${namespace}`, {
      namespaces: [{ id: namespace, name: namespace.toUpperCase(), defaultAccountType: 'eoa' }],
      ...extra,
    }),
  );
}

/**
 * Creates kernels with in-memory storage and silent logs (with `withShell`, `shellPlugin`
 * first), and disposes every one of them after each test of the file that called it.
 */
export function kernelFactory({ withShell = false }: { withShell?: boolean } = {}): (config?: KernelConfig) => Kernel {
  const made: Kernel[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((kernel) => kernel.dispose()));
  });
  return (config = {}) => {
    const plugins = withShell ? [shellPlugin, ...(config.plugins ?? [])] : config.plugins;
    const kernel = createKernel({ storage: createMemoryStorage(), logLevel: 'silent', ...config, plugins });
    made.push(kernel);
    return kernel;
  };
}

/**
 * Resolves with the next payload of `name` on the kernel's bus that `match` accepts: wait on
 * the fact that proves an outcome instead of on time.
 */
export function nextEvent<K extends keyof PorticoEvents & string>(
  kernel: Kernel,
  name: K,
  match: (payload: PorticoEvents[K]) => boolean = () => true,
): Promise<PorticoEvents[K]> {
  return new Promise((resolve) => {
    const off = kernel.events.on(name, (payload) => {
      if (!match(payload)) return;
      off();
      resolve(payload);
    });
  });
}

/** A promise with its `resolve` and `reject` exposed, for a test to settle when it chooses. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Records every payload of `name` emitted on the kernel's bus. */
export function record<K extends keyof PorticoEvents & string>(kernel: Kernel, name: K): Array<PorticoEvents[K]> {
  const seen: Array<PorticoEvents[K]> = [];
  kernel.events.on(name, (payload) => seen.push(payload));
  return seen;
}

/** Catches the error of a promise, failing the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject, but it resolved');
}

/** Catches the error of a function, failing the test if it returns. */
export function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to throw, but it returned');
}
