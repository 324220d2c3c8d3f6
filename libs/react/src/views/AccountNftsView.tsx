import { useT } from '../hooks/useT';

/** NFTs tab: empty until a chain plugin provides NFT data. */
export default function AccountNftsView() {
  const t = useT();
  return <p className="pt-muted">{t('account.noNfts')}</p>;
}
