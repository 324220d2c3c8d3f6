import { createPortico } from '@portico/react';

/** A config with two mistakes: the error names both, with what was expected. */
export function misconfigured(): unknown {
  try {
    createPortico({ networks: [{ caipNetworkId: 'mainnet', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }], themeMode: 'blue' as 'dark' });
  } catch (error) {
    return error;
  }
}
// ConfigInvalidError: Invalid Portico configuration: networks[0].caipNetworkId: Must be a CAIP-2 network id such as "acme:1"; themeMode: Expected one of "light", "dark", "system", received "blue"
