import { createStandardSessionWallet, type WalletConnectProviderParts } from '@portico/plugin-walletconnect/binding';
import type { StandardWalletAccount } from '@portico/kernel';

/** A Wallet Standard wallet backed by the WalletConnect session: what the Tron adapter takes through `attachProvider`. */
export const createSessionProvider = (parts: WalletConnectProviderParts) =>
  createStandardSessionWallet(parts, 'tron', (request) => ({
    'tron:signMessage': {
      version: '1.0.0',
      signMessage: ({ account, message }: { account: StandardWalletAccount; message: string }) => request<{ signature: string }>(account, 'tron_signMessage', { message }),
    },
  }));
