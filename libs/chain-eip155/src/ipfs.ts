/** The public gateway `ipfs://` URIs go through unless the app names its own (`Eip155PluginOptions.ipfsGateway`). */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/';

/**
 * An `ipfs://CID/path` (or `ipfs://ipfs/CID/path`) URI as a URL of the gateway (path style,
 * `https://gateway/ipfs/`); any other URI is returned unchanged, for the caller's own checks
 * (the modal shows images only as `data:` / `https:`).
 */
export function ipfsToGateway(uri: string, gateway: string = DEFAULT_IPFS_GATEWAY): string {
  const match = /^ipfs:\/\/(?:ipfs\/)?([A-Za-z0-9][^\s]*)$/.exec(uri);
  if (!match) return uri;
  // Checked where it is used: a wrong gateway costs the ipfs:// images and documents only, each with this message.
  if (!/^https:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(gateway)) throw new Error(`The ipfsGateway option "${gateway.slice(0, 60)}" is not an https URL without query or fragment`);
  return `${gateway.endsWith('/') ? gateway : `${gateway}/`}${match[1]}`;
}
