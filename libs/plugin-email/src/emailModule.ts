// The e-mail login's code, loaded on first use (a view opens, or a stored login is restored):
// the frame, its protocol client (zod schemas), the provider and the login steps.
import type { Logger, Network, StoragePort } from '@portico/kernel';
import type { HttpClient } from '@portico/kernel/http';
import { createEmailFlow } from './emailFlow';
import { createEmbeddedWallet } from './embeddedWallet';
import { LOGIN_CACHE_KEY } from './loginCache';
import { createEmailWalletProvider } from './walletProvider';

export function createEmailModule(parts: {
  frameUrl: string;
  projectId: string;
  chainId: string;
  logger: Logger;
  storage: StoragePort;
  http: HttpClient;
  networks: () => readonly Network[];
  emit: (event: string, ...args: unknown[]) => void;
  preferredAccountType: () => string | undefined;
  permissionsEnabled: () => boolean;
  onSignedOut: () => void;
  loadTimeoutMs?: number;
  stepTimeoutMs?: number;
}) {
  const wallet = createEmbeddedWallet({ frameUrl: parts.frameUrl, projectId: parts.projectId, chainId: parts.chainId, version: '0.1.0', logger: parts.logger, ...(parts.loadTimeoutMs ? { loadTimeoutMs: parts.loadTimeoutMs } : {}) });
  return {
    wallet,
    provider: createEmailWalletProvider({ wallet, storage: parts.storage, http: parts.http, networks: parts.networks, emit: parts.emit, preferredAccountType: parts.preferredAccountType, permissionsEnabled: parts.permissionsEnabled, onSignedOut: parts.onSignedOut }),
    flow: createEmailFlow({
      wallet,
      ...(parts.stepTimeoutMs ? { stepTimeoutMs: parts.stepTimeoutMs } : {}),
      // The cached login data follows an e-mail change.
      onEmailChanged(email) {
        try {
          const cached = JSON.parse(parts.storage.get(LOGIN_CACHE_KEY) ?? 'null') as { address?: unknown } | null;
          if (cached && typeof cached.address === 'string') parts.storage.set(LOGIN_CACHE_KEY, JSON.stringify({ email, address: cached.address }));
        } catch {
          parts.storage.remove(LOGIN_CACHE_KEY);
        }
      },
    }),
  };
}
