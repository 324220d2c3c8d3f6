import { createSessionWalletBase, type WalletConnectProviderParts } from '@portico/plugin-walletconnect/binding';
import type { StandardWalletAccount } from '@portico/kernel';

/** A Wallet Standard wallet backed by the WalletConnect session: what the Tron adapter takes through `attachProvider`. */
export function createSessionProvider(parts: WalletConnectProviderParts) {
  const accounts = (): StandardWalletAccount[] =>
    (parts.session.current?.namespaces['tron']?.accounts ?? []).flatMap((caip10) => {
      const [ns, reference, address] = caip10.split(':');
      return address ? [{ address, publicKey: new Uint8Array(), chains: [`${ns}:${reference}`], features: ['tron:signMessage'] }] : [];
    });
  const identity = { name: parts.name, icon: parts.icon, chains: () => parts.networks().map((n) => n.caipNetworkId) };
  const base = createSessionWalletBase(parts.session, identity, { namespace: 'tron', accountsEvent: 'accountsChanged', accounts });
  return base.wallet({
    'tron:signMessage': {
      version: '1.0.0',
      signMessage: ({ account, message }: { account: StandardWalletAccount; message: string }) => base.request<{ signature: string }>(account, 'tron_signMessage', { message }),
    },
  });
}
