/**
 * The link that opens a wallet app with a pairing URI, as wallets expect it (the same rule as
 * the WalletConnect explorer's clients): a universal link gets `/wc?uri=…`, an app scheme
 * (`wallet://` or a bare `wallet`) becomes `wallet://wc?uri=…`. The URI is percent-encoded.
 */
export function walletDeepLink(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri);
  let base = link;
  if (!/^https:\/\//i.test(base) && !base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`;
  if (!base.endsWith('/')) base = `${base}/`;
  return `${base}wc?uri=${encoded}`;
}
