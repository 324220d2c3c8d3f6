import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Token', 'send.amount': 'Tutar', 'send.max': 'Maks.', 'send.to': 'Alıcı', 'send.network': 'Ağ', 'send.fee': 'Ağ ücreti',
  'send.review': 'İncele', 'send.back': 'Geri', 'send.send': 'Gönder', 'send.confirmInWallet': 'Cüzdanınızda onaylayın…', 'send.sent': '{amount} {symbol} gönderildi',
  'send.explorer': '{explorer} üzerinde görüntüle', 'send.done': 'Tamam', 'send.loading': 'Bakiyeleriniz yükleniyor…', 'send.unavailable': 'Bu hesaptan gönderim yapılamıyor.',
  'send.error.amount': '0’dan büyük ve en fazla {decimals} ondalıklı bir tutar girin.', 'send.error.balance': 'Yetersiz {symbol} bakiyesi.',
  'send.error.withFee': 'Bu tutar ve ağ ücreti için yeterli {symbol} yok.', 'send.error.fee': 'Ağ ücretini ödemek için yeterli {symbol} yok.',
  'send.error.recipient': 'Geçersiz alıcı: {problem}.', 'send.error.estimate': 'Bu transfer başarısız olur: {reason}', 'send.error.rejected': 'Transfer cüzdanda reddedildi.',
  'send.status.pending': 'Onay bekleniyor…',
  'send.status.confirmed': 'Onaylandı.',
  'send.status.failed': 'Transfer zincirde başarısız oldu.',
  'send.status.dropped': 'Transfer onaylanmadan düşürüldü.',
  'send.pick': 'Token seçin',
  'send.search': 'Ad, sembol veya adresle arayın',
  'send.noMatch': '“{query}” ile eşleşen token yok.',
  // The manifest's labels.
  'views.Send': 'Gönder',
  'walletButtons.send': 'Gönder',
} satisfies TranslationOf<typeof en>;
