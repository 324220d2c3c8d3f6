import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect etkin değil',
  'walletconnect.preparing': 'QR kodu hazırlanıyor',
  'walletconnect.openApp': '{name} uygulamasını aç',
  'walletconnect.appMissing': '{name} açılmadı.',
  'walletconnect.dontHave': '{name} sizde yok mu?',
  'walletconnect.getApp': '{name} uygulamasını edinin',
  'walletconnect.openWeb': 'Tarayıcıda aç',
  'walletconnect.qrLabel': 'WalletConnect QR kodu',
  'walletconnect.scan': 'Bu QR kodunu telefonunuzla tarayın',
  'walletconnect.scanFromOther': 'Ya da bu QR kodunu başka bir cihazdaki cüzdanla tarayın',
  'walletconnect.copy': 'Bağlantıyı kopyala',
  'walletconnect.copied': 'Bağlantı kopyalandı',
  'walletconnect.request.failed': 'İstek tamamlanamadı',
  'walletconnect.request.failedMessage': 'Cüzdanınızla bağlantı kesildiği için cüzdanınıza ulaşılamadı. Lütfen tekrar deneyin.',
  'walletconnect.request.close': 'Kapat',
  'walletconnect.request.waiting': 'Cüzdanınız bekleniyor',
  'walletconnect.request.whenBack': 'Bağlantı geri geldiğinde istek cüzdanınıza iletilecek.',
  'walletconnect.request.confirm': 'İsteği cüzdanınızda onaylayın.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Cüzdan isteği',
  'alerts.walletconnect-connection-interrupted.title': 'Cüzdanınızla bağlantı kesildi',
  'alerts.walletconnect-connection-interrupted.message': 'Yeniden bağlanılıyor… Bağlantı geri gelene kadar cüzdanınız istek alamaz.',
} satisfies TranslationOf<typeof en>;
