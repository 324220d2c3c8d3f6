/**
 * The networks the chain plugins ship carry their marks (web3icons, MIT) as image URLs the
 * modal's image check accepts, and each is an SVG that draws something.
 */
import { eip155Networks } from '@portico/chain-eip155';
import { bitcoinNetworks, defineBitcoinRegtest } from '@portico/chain-bip122';
import { defineSolanaLocalnet, solanaNetworks } from '@portico/chain-solana';
import { checkImageUrl, type Network } from '@portico/kernel';
import { describe, expect, it } from 'vitest';

const families: Record<string, readonly Network[]> = {
  eip155: Object.values(eip155Networks),
  solana: [...Object.values(solanaNetworks), defineSolanaLocalnet('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'http://127.0.0.1:8899')],
  bip122: [...Object.values(bitcoinNetworks), defineBitcoinRegtest('http://127.0.0.1:3002')],
};

describe('network marks', () => {
  for (const [family, networks] of Object.entries(families)) {
    it(`every ${family} network has an SVG mark the modal shows`, () => {
      for (const network of networks) {
        expect(network.imageUrl, network.name).toMatch(/^data:image\/svg\+xml,/);
        expect(checkImageUrl(network.imageUrl!, false)).toEqual({ ok: true, url: network.imageUrl });
        const svg = decodeURIComponent(network.imageUrl!.slice('data:image/svg+xml,'.length)).trim();
        expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<path [\s\S]*<\/svg>$/);
        expect(svg).not.toMatch(/<script|on[a-z]+=/i);
      }
    });
  }

  it('each EVM network has its own mark (a testnet shares its mainnet’s)', () => {
    const { mainnet, sepolia, base, optimism, arbitrum, polygon } = eip155Networks;
    expect(sepolia.imageUrl).toBe(mainnet.imageUrl);
    expect(new Set([mainnet, base, optimism, arbitrum, polygon].map((n) => n.imageUrl)).size).toBe(5);
  });
});
