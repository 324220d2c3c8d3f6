// The viem helpers the adapter needs once a wallet is involved. Loaded lazily: keccak for
// EIP-55 checksums costs ~16 KiB gzip that a page showing a connect button never needs.
export { formatUnits, getAddress, numberToHex, stringToHex } from 'viem';
export { isEip155Address } from './addresses';
