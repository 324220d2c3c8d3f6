import { describe, expect, it } from 'vitest';
import { DEFAULT_IPFS_GATEWAY, ipfsToGateway } from './ipfs';

describe('ipfsToGateway (NFT metadata and images, ENS avatars)', () => {
  it.each([
    ['ipfs://bafyA/1.json', undefined, 'https://ipfs.io/ipfs/bafyA/1.json'],
    ['ipfs://ipfs/bafyA/1.json', undefined, 'https://ipfs.io/ipfs/bafyA/1.json'],
    ['ipfs://QmHash', 'https://gw.example/ipfs/', 'https://gw.example/ipfs/QmHash'],
    ['ipfs://QmHash', 'https://gw.example/ipfs', 'https://gw.example/ipfs/QmHash'],
    // Anything else is left for the caller's own checks (only data: and https: are ever shown or read).
    ['https://a.example/1.json', undefined, 'https://a.example/1.json'],
    ['data:application/json,{}', undefined, 'data:application/json,{}'],
    ['ipfs://', undefined, 'ipfs://'],
    ['ipfs:// QmHash', undefined, 'ipfs:// QmHash'],
    ['http://a.example/x', undefined, 'http://a.example/x'],
  ])('%s through %s → %s', (uri, gateway, expected) => {
    expect(ipfsToGateway(uri, gateway)).toBe(expected);
  });

  it('refuses a gateway that is not https, or that carries a query or fragment, naming the option', () => {
    for (const gateway of ['http://gw.example/ipfs/', 'javascript:alert(1)//', 'https://gw.example/ipfs/?k=1', 'https://gw.example/#x', 'gw.example/ipfs/']) {
      expect(() => ipfsToGateway('ipfs://QmHash', gateway), gateway).toThrow(`The ipfsGateway option "${gateway}" is not an https URL without query or fragment`);
    }
    expect(DEFAULT_IPFS_GATEWAY).toBe('https://ipfs.io/ipfs/');
    // Only ipfs:// URIs go through it: the others are unaffected by a wrong one.
    expect(ipfsToGateway('https://a.example/1.json', 'http://gw.example/ipfs/')).toBe('https://a.example/1.json');
    expect(ipfsToGateway('data:application/json,{}', 'gw.example')).toBe('data:application/json,{}');
  });
});
