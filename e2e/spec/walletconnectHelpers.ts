import type { Kernel } from '@portico/kernel';
import { walletConnectServiceRef, type PairingState } from '@portico/plugin-walletconnect';

/** Resolves with the pairing URI once the QR view would show one (and differs from `not`). */
export function nextUri(kernel: Kernel, not?: string): Promise<string> {
  const pairing = kernel.getService(walletConnectServiceRef).pairing;
  return new Promise((resolve) => {
    const check = () => {
      const state: PairingState = pairing.getSnapshot();
      if (state.status === 'pairing' && state.uri !== not) {
        off();
        resolve(state.uri);
      }
    };
    const off = pairing.subscribe(check);
    check();
  });
}

/** Waits until `predicate` holds, polling every 25 ms; throws after `ms`. */
export async function until(predicate: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
