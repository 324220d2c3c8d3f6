import { base64 } from '@scure/base';
import type { createBitcoinTestWallet } from './createBitcoinTestWallet';

type BitcoinTestWallet = ReturnType<typeof createBitcoinTestWallet>;

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/**
 * The bip122 namespace of a WalletConnect test wallet, answered by a Bitcoin test wallet:
 * its payment and ordinals accounts on `caipNetworkId`, and WalletConnect's bip122 methods
 * (`getAccountAddresses`, `signMessage`, `signPsbt`) mapped onto its `bitcoin:*` features.
 * Pass it as `createWalletConnectTestWallet({ namespaces: { bip122: … } })`.
 */
export async function bitcoinWalletConnectNamespace(bitcoin: BitcoinTestWallet, caipNetworkId: string) {
  const { accounts } = await bitcoin.wallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] });
  const accountOf = (address: unknown) => {
    const account = accounts.find((a) => a.address === address);
    if (!account) throw rpcError(4100, `Unknown account ${String(address).slice(0, 90)}`);
    return account;
  };
  return {
    accounts: accounts.map((a) => `${caipNetworkId}:${a.address}`),
    methods: ['getAccountAddresses', 'signMessage', 'signPsbt'],
    events: ['bip122_addressesChanged'],
    async handle(method: string, params: unknown): Promise<unknown> {
      const p = (params ?? {}) as Record<string, unknown>;
      switch (method) {
        case 'getAccountAddresses':
          return accounts.map((a) => ({ address: a.address, intention: a.address === bitcoin.ordinalsAddress ? 'ordinal' : 'payment' }));
        case 'signMessage': {
          const account = accountOf(p.address ?? p.account);
          const [out] = await bitcoin.wallet.features['bitcoin:signMessage'].signMessage({ account, message: new TextEncoder().encode(String(p.message)) });
          return { address: account.address, signature: base64.encode(out!.signature) };
        }
        case 'signPsbt': {
          const byAccount = new Map<string, number[]>();
          for (const input of (Array.isArray(p.signInputs) ? p.signInputs : []) as Array<{ address: string; index: number }>) {
            byAccount.set(input.address, [...(byAccount.get(input.address) ?? []), input.index]);
          }
          const [out] = await bitcoin.wallet.features['bitcoin:signTransaction'].signTransaction({
            psbt: base64.decode(String(p.psbt)),
            inputsToSign: [...byAccount].map(([address, signingIndexes]) => ({ account: accountOf(address), signingIndexes })),
          });
          return { psbt: base64.encode(out!.signedPsbt) };
        }
        default:
          throw rpcError(4200, `the test wallet does not handle ${method}`);
      }
    },
  };
}
