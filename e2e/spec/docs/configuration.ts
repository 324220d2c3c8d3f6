import { chainEip155Plugin } from '@portico/chain-eip155';
import type { PorticoConfig } from '@portico/react';

export const config: PorticoConfig = {
  projectId: 'your-project-id',
  // Its name heads the approval view.
  metadata: { name: 'Acme', description: 'Acme Exchange', url: 'https://acme.example', icons: ['https://acme.example/icon.png'] },
  networks: [
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://eth.example/rpc'] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io', apiUrl: 'https://api.etherscan.io/v2/api?chainid=1&apikey=YourEtherscanApiKey' } },
      tokens: [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
    },
    { caipNetworkId: 'eip155:10', name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  ],
  defaultNetwork: 'eip155:10',
  // Swap shows on the Account view only: its code loads once an account is connected.
  plugins: [chainEip155Plugin, { load: () => import('@portico/plugin-swaps/plugin').then((m) => m.swapsPlugin), when: 'connected' }],
  features: { legalCheckbox: true, onramp: false },
  contributions: { walletButtons: { order: ['send', 'receive'], disabled: ['swaps'] } },
  themeMode: 'dark',
  themeVariables: { accent: '#0a7d4f', borderRadius: '10px' },
  locale: 'auto',
  featuredWalletIds: ['c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'],
  excludeWalletIds: ['a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393'],
  customWallets: [{ id: 'acme-wallet', name: 'Acme Wallet', imageUrl: 'https://acme.example/wallet.png', mobileLink: 'acmewallet://', webappLink: 'https://wallet.acme.example' }],
  termsConditionsUrl: 'https://acme.example/terms',
  privacyPolicyUrl: 'https://acme.example/privacy',
  connectTimeoutMs: 45_000,
  analytics: { url: 'https://acme.example/portico-events' },
  logLevel: 'warn',
};
