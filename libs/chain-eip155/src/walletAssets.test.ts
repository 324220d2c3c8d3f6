import type { Network } from '@portico/kernel';
import { formatUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseWalletAssets } from './walletAssets';

const network: Network = { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };
const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', balance: '0x1312d00', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, value: 20.01, price: 1.0005, iconUrl: 'https://example.com/usdc.png' } };

describe('parseWalletAssets', () => {
  it('reads ERC20 and native assets, the native one from the network when it has no metadata', () => {
    expect(parseWalletAssets({ '0x1': [{ address: 'native', balance: '0xde0b6b3a7640000', type: 'NATIVE' }, usdc] }, '0x1', network, formatUnits)).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: 18, numeric: '1' } },
      { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: usdc.address, quantity: { decimals: 6, numeric: '20' }, value: 20.01, price: 1.0005, iconUrl: 'https://example.com/usdc.png' },
    ]);
  });

  it('compares the type case-insensitively (ERC-7811 examples write "ERC20", others "erc20")', () => {
    expect(parseWalletAssets({ '0x1': [{ ...usdc, type: 'erc20' }] }, '0x1', network, formatUnits)).toHaveLength(1);
  });

  it('skips each invalid asset (and says why) but keeps the valid ones', () => {
    const problems: string[] = [];
    const tokens = parseWalletAssets(
      { '0x1': [usdc, { ...usdc, balance: 'lots' }, { ...usdc, address: '0x12' }, { ...usdc, type: 'ERC721' }, { ...usdc, metadata: { ...usdc.metadata, decimals: -1 } }, { address: usdc.address, balance: '0x1', type: 'ERC20' }, 'junk', null] },
      '0x1',
      network,
      formatUnits,
      (p) => problems.push(p),
    );
    expect(tokens?.map((t) => t.symbol)).toEqual(['USDC']);
    expect(problems).toHaveLength(7);
    expect(problems[0]).toContain('balance: Must be a hex balance');
  });

  it('drops tokens with zero decimals as low quality', () => {
    expect(parseWalletAssets({ '0x1': [{ ...usdc, metadata: { ...usdc.metadata, decimals: 0, symbol: 'SPAM' } }] }, '0x1', network, formatUnits)).toEqual([]);
  });

  it('ignores an answer that is not an object of chains', () => {
    for (const answer of [null, 'x', [usdc], { '0x1': 'nope' }]) expect(parseWalletAssets(answer, '0x1', network, formatUnits)).toBeUndefined();
    expect(parseWalletAssets({ '0x5': [usdc] }, '0x1', network, formatUnits)).toEqual([]);
  });
});
