import type { Nft } from '@portico/kernel';
import { Avatar, Spinner } from '@portico/ui';
import { useEffect, useState } from 'react';
import { useAccount } from '../hooks/useAccount';
import { usePortico } from '../hooks/usePortico';
import { useModalT } from '../modal/ModalRoot';

type NftsState = { key: string; status: 'ready'; nfts: readonly Nft[] } | { key: string; status: 'none' } | { key: string; status: 'error' };

/**
 * NFTs tab: what the selected account holds on its network, from its chain plugin (`getNfts`),
 * as a grid of images (lazy, shown only as data:/https:, a placeholder after 2 s) with names and
 * counts; "No NFTs yet." where there are none or the network has no source.
 */
export default function AccountNftsView() {
  const portico = usePortico('AccountNftsView');
  const t = useModalT();
  const { namespace, caipAddress, networkId } = useAccount();
  const key = `${caipAddress}|${networkId}`;
  const [state, setState] = useState<NftsState>();

  useEffect(() => {
    let live = true;
    const adapter = namespace ? portico.adapter(namespace) : undefined;
    const network = portico.network(networkId);
    const read = adapter?.getNfts && network && caipAddress ? adapter.getNfts(caipAddress, network) : Promise.resolve(undefined);
    read.then(
      (nfts) => live && setState(nfts?.length ? { key, status: 'ready', nfts } : { key, status: 'none' }),
      (error: unknown) => {
        if (!live) return;
        portico.kernel.logger.warn('NFTs could not be read', error);
        setState({ key, status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [key, portico, namespace, caipAddress, networkId]);

  const current = state?.key === key ? state : undefined;
  if (!current) {
    return (
      <p className="pt-row pt-muted" data-testid="nfts-loading">
        <Spinner size={16} label={t('view.loading')} />
      </p>
    );
  }
  if (current.status === 'error') return <p className="pt-muted" role="alert" data-testid="nfts-error">{t('account.nftsError')}</p>;
  if (current.status === 'none') return <p className="pt-muted">{t('account.noNfts')}</p>;
  return (
    <ul className="pt-nft-grid" data-testid="nft-grid">
      {current.nfts.map((nft) => (
        <li key={nft.id} className="pt-nft" data-testid="nft">
          <Avatar src={nft.imageUrl} name={nft.name} size={148} />
          <div className="pt-nft-name" dir="auto" title={nft.name}>
            {nft.name}
          </div>
          {nft.quantity !== '1' ? <span className="pt-tag" data-testid="nft-quantity">×{nft.quantity}</span> : null}
        </li>
      ))}
    </ul>
  );
}
