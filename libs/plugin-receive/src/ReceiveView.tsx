import { kernelRefs } from '@portico/kernel';
import { useAccount, useCopy, useLabel, usePluginT, usePortico, useT, type ViewProps } from '@portico/react';
import { Avatar, Button, CopyIcon, QrCode } from '@portico/ui';
import { messages } from './messages';

const TYPE_KEYS = { eoa: 'receive.type.eoa', smartAccount: 'receive.type.smartAccount', payment: 'receive.type.payment', ordinal: 'receive.type.ordinal' } as const;

/**
 * Receive: the selected account's address as a QR code and as text (left to right in every
 * language), Copy with a visible "Address copied", the app's networks of that namespace that
 * accept it, and the account's type.
 */
export default function ReceiveView(_props: ViewProps) {
  const portico = usePortico('ReceiveView');
  const t = useT();
  const label = useLabel();
  const p = usePluginT(messages);
  const { address, namespace, isConnected } = useAccount();
  const account = namespace ? portico.kernel.connection.get(namespace).accounts.find((a) => a.address.split(':')[2] === address) : undefined;
  const { copied, copy } = useCopy();
  if (!isConnected || !address || !namespace) return <p className="pt-muted">{p('receive.noAccount')}</p>;
  // The chain plugin's name for the namespace in the modal's language ("Ethereum", "イーサリアム").
  const namespaceName = label(`namespace.${namespace}`, portico.kernel.getService(kernelRefs.namespaces).nameOf(namespace) ?? namespace);
  const networks = portico.networks.filter((n) => n.caipNetworkId.startsWith(`${namespace}:`));
  const typeKey = account ? TYPE_KEYS[account.type as keyof typeof TYPE_KEYS] : undefined;
  return (
    <div className="pt-center" data-testid="receive-view">
      <QrCode value={address} label={p('receive.qrLabel')} size={232} />
      <p className="pt-code" dir="ltr" data-testid="receive-address" style={{ margin: 0, overflowWrap: 'anywhere', textAlign: 'center' }}>
        {address}
      </p>
      <Button variant="secondary" icon={<CopyIcon />} data-testid="receive-copy" onClick={() => copy(address)}>
        {copied ? t('account.copied') : t('account.copy')}
      </Button>
      <div role="status" className="pt-muted" data-testid="receive-copied">
        {copied ? t('account.copied') : ''}
      </div>
      <p className="pt-muted" style={{ margin: 0 }}>
        {p('receive.hint', { namespace: namespaceName })}
      </p>
      {typeKey ? (
        <p style={{ margin: 0 }} data-testid="receive-account-type">
          <span className="pt-label">{p('receive.accountType')}: </span>
          {p(typeKey)}
        </p>
      ) : null}
      {networks.length ? (
        <section aria-label={p('receive.networks')} style={{ width: '100%' }}>
          <h3 className="pt-section-label">{p('receive.networks')}</h3>
          <ul className="pt-row" data-testid="receive-networks" style={{ listStyle: 'none', margin: 0, padding: 0, justifyContent: 'center' }}>
            {networks.map((network) => (
              <li key={network.caipNetworkId} className="pt-tag" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <Avatar src={network.imageUrl} name={network.name} size={18} />
                <bdi>{network.name}</bdi>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
