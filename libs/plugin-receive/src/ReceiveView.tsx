import { kernelRefs } from '@portico/kernel';
import { definePluginMessages, useAccount, useCopy, usePluginT, usePortico, useT, type ViewProps } from '@portico/react';
import { Avatar, Button, CopyIcon, QrCode } from '@portico/ui';

/** The view's own strings; the copy button's come from the modal's catalogue. */
export const receiveMessages = definePluginMessages({
  en: {
    'receive.hint': 'Send only {namespace} assets to this address.',
    'receive.qrLabel': 'QR code of your address',
    'receive.networks': 'Accepted on',
    'receive.accountType': 'Account',
    'receive.noAccount': 'Connect a wallet to see the address to receive on.',
    'receive.type.eoa': 'Standard account',
    'receive.type.smartAccount': 'Smart account',
    'receive.type.payment': 'Payment address',
    'receive.type.ordinal': 'Ordinals address',
  },
  ar: {
    'receive.hint': 'أرسل إلى هذا العنوان أصول {namespace} فقط.',
    'receive.qrLabel': 'رمز QR لعنوانك',
    'receive.networks': 'مقبول على',
    'receive.accountType': 'الحساب',
    'receive.noAccount': 'اربط محفظة لترى العنوان الذي تستلم عليه.',
    'receive.type.eoa': 'حساب عادي',
    'receive.type.smartAccount': 'حساب ذكي',
    'receive.type.payment': 'عنوان الدفع',
    'receive.type.ordinal': 'عنوان Ordinals',
  },
  he: {
    'receive.hint': 'שלחו לכתובת זו נכסי {namespace} בלבד.',
    'receive.qrLabel': 'קוד QR של הכתובת שלך',
    'receive.networks': 'מתקבל ב',
    'receive.accountType': 'חשבון',
    'receive.noAccount': 'חברו ארנק כדי לראות את כתובת הקבלה.',
    'receive.type.eoa': 'חשבון רגיל',
    'receive.type.smartAccount': 'חשבון חכם',
    'receive.type.payment': 'כתובת תשלום',
    'receive.type.ordinal': 'כתובת Ordinals',
  },
  fa: {
    'receive.hint': 'فقط دارایی‌های {namespace} را به این نشانی بفرستید.',
    'receive.qrLabel': 'کد QR نشانی شما',
    'receive.networks': 'پذیرفته در',
    'receive.accountType': 'حساب',
    'receive.noAccount': 'برای دیدن نشانی دریافت، کیف پول را وصل کنید.',
    'receive.type.eoa': 'حساب عادی',
    'receive.type.smartAccount': 'حساب هوشمند',
    'receive.type.payment': 'نشانی پرداخت',
    'receive.type.ordinal': 'نشانی Ordinals',
  },
  fr: {
    'receive.hint': 'N’envoyez que des actifs {namespace} à cette adresse.',
    'receive.qrLabel': 'QR code de votre adresse',
    'receive.networks': 'Accepté sur',
    'receive.accountType': 'Compte',
    'receive.noAccount': 'Connectez un portefeuille pour voir l’adresse de réception.',
    'receive.type.eoa': 'Compte standard',
    'receive.type.smartAccount': 'Compte intelligent',
    'receive.type.payment': 'Adresse de paiement',
    'receive.type.ordinal': 'Adresse Ordinals',
  },
  de: {
    'receive.hint': 'Sende nur {namespace}-Assets an diese Adresse.',
    'receive.qrLabel': 'QR-Code deiner Adresse',
    'receive.networks': 'Akzeptiert auf',
    'receive.accountType': 'Konto',
    'receive.noAccount': 'Verbinde eine Wallet, um die Empfangsadresse zu sehen.',
    'receive.type.eoa': 'Standardkonto',
    'receive.type.smartAccount': 'Smart Account',
    'receive.type.payment': 'Zahlungsadresse',
    'receive.type.ordinal': 'Ordinals-Adresse',
  },
  es: {
    'receive.hint': 'Envía solo activos de {namespace} a esta dirección.',
    'receive.qrLabel': 'Código QR de tu dirección',
    'receive.networks': 'Aceptada en',
    'receive.accountType': 'Cuenta',
    'receive.noAccount': 'Conecta una billetera para ver la dirección de recepción.',
    'receive.type.eoa': 'Cuenta estándar',
    'receive.type.smartAccount': 'Cuenta inteligente',
    'receive.type.payment': 'Dirección de pago',
    'receive.type.ordinal': 'Dirección de Ordinals',
  },
  pt: {
    'receive.hint': 'Envie apenas ativos de {namespace} para este endereço.',
    'receive.qrLabel': 'Código QR do seu endereço',
    'receive.networks': 'Aceito em',
    'receive.accountType': 'Conta',
    'receive.noAccount': 'Conecte uma carteira para ver o endereço de recebimento.',
    'receive.type.eoa': 'Conta padrão',
    'receive.type.smartAccount': 'Conta inteligente',
    'receive.type.payment': 'Endereço de pagamento',
    'receive.type.ordinal': 'Endereço de Ordinals',
  },
  ja: {
    'receive.hint': 'このアドレスには {namespace} の資産だけを送ってください。',
    'receive.qrLabel': 'あなたのアドレスの QR コード',
    'receive.networks': '対応ネットワーク',
    'receive.accountType': 'アカウント',
    'receive.noAccount': '受け取りアドレスを表示するにはウォレットを接続してください。',
    'receive.type.eoa': '通常アカウント',
    'receive.type.smartAccount': 'スマートアカウント',
    'receive.type.payment': '支払い用アドレス',
    'receive.type.ordinal': 'Ordinals 用アドレス',
  },
  ko: {
    'receive.hint': '이 주소로는 {namespace} 자산만 보내세요.',
    'receive.qrLabel': '내 주소의 QR 코드',
    'receive.networks': '지원 네트워크',
    'receive.accountType': '계정',
    'receive.noAccount': '받을 주소를 보려면 지갑을 연결하세요.',
    'receive.type.eoa': '일반 계정',
    'receive.type.smartAccount': '스마트 계정',
    'receive.type.payment': '결제 주소',
    'receive.type.ordinal': 'Ordinals 주소',
  },
  'zh-CN': {
    'receive.hint': '只向此地址发送 {namespace} 资产。',
    'receive.qrLabel': '你的地址二维码',
    'receive.networks': '支持的网络',
    'receive.accountType': '账户',
    'receive.noAccount': '连接钱包后可查看收款地址。',
    'receive.type.eoa': '普通账户',
    'receive.type.smartAccount': '智能账户',
    'receive.type.payment': '支付地址',
    'receive.type.ordinal': 'Ordinals 地址',
  },
  'zh-TW': {
    'receive.hint': '只向此地址傳送 {namespace} 資產。',
    'receive.qrLabel': '你的地址 QR 碼',
    'receive.networks': '支援的網路',
    'receive.accountType': '帳戶',
    'receive.noAccount': '連結錢包後即可查看收款地址。',
    'receive.type.eoa': '一般帳戶',
    'receive.type.smartAccount': '智慧帳戶',
    'receive.type.payment': '付款地址',
    'receive.type.ordinal': 'Ordinals 地址',
  },
  ru: {
    'receive.hint': 'Отправляйте на этот адрес только активы {namespace}.',
    'receive.qrLabel': 'QR-код вашего адреса',
    'receive.networks': 'Принимается в сетях',
    'receive.accountType': 'Аккаунт',
    'receive.noAccount': 'Подключите кошелёк, чтобы увидеть адрес для получения.',
    'receive.type.eoa': 'Обычный аккаунт',
    'receive.type.smartAccount': 'Смарт-аккаунт',
    'receive.type.payment': 'Платёжный адрес',
    'receive.type.ordinal': 'Адрес Ordinals',
  },
  tr: {
    'receive.hint': 'Bu adrese yalnızca {namespace} varlıkları gönderin.',
    'receive.qrLabel': 'Adresinizin QR kodu',
    'receive.networks': 'Kabul edilen ağlar',
    'receive.accountType': 'Hesap',
    'receive.noAccount': 'Alma adresini görmek için bir cüzdan bağlayın.',
    'receive.type.eoa': 'Standart hesap',
    'receive.type.smartAccount': 'Akıllı hesap',
    'receive.type.payment': 'Ödeme adresi',
    'receive.type.ordinal': 'Ordinals adresi',
  },
});

const TYPE_KEYS = { eoa: 'receive.type.eoa', smartAccount: 'receive.type.smartAccount', payment: 'receive.type.payment', ordinal: 'receive.type.ordinal' } as const;

/**
 * Receive: the selected account's address as a QR code and as text (left to right in every
 * language), Copy with a visible "Address copied", the app's networks of that namespace that
 * accept it, and the account's type.
 */
export default function ReceiveView(_props: ViewProps) {
  const portico = usePortico('ReceiveView');
  const t = useT();
  const p = usePluginT(receiveMessages);
  const { address, namespace, isConnected } = useAccount();
  const account = namespace ? portico.kernel.connection.get(namespace).accounts.find((a) => a.address.split(':')[2] === address) : undefined;
  const { copied, copy } = useCopy();
  if (!isConnected || !address || !namespace) return <p className="pt-muted">{p('receive.noAccount')}</p>;
  // The catalogue's name for the namespace, else the one its chain plugin declares ("Ethereum", "Bitcoin").
  const namespaceName = t(`namespace.${namespace}`, undefined, portico.kernel.getService(kernelRefs.namespaces).nameOf(namespace) ?? namespace);
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
