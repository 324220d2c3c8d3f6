import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Tutar',
  'onramp.currency': 'Para birimi',
  'onramp.providers': '{symbol} satın almak için',
  'onramp.best': 'En iyi kur',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Ücret {fee}',
  'onramp.feeRange': 'Ücret 1–2 %',
  'onramp.quoting': 'Fiyat teklifleri alınıyor…',
  'onramp.noQuote': 'Teklif yok',
  'onramp.opening': '{provider} açılıyor…',
  'onramp.inProgress': 'Satın alma sürüyor',
  'onramp.inProgressHint': 'Satın alma işlemini {provider} penceresinde tamamlayın. {symbol} ulaştığında bakiyeniz burada güncellenir.',
  'onramp.openAgain': '{provider} penceresini tekrar aç',
  'onramp.popupBlocked': 'Tarayıcınız {provider} penceresini engelledi.',
  'onramp.stop': 'Beklemeyi bırak',
  'onramp.arrived': '{amount} {symbol} ulaştı',
  'onramp.done': 'Tamam',
  'onramp.unavailable': 'Bu hesap için kripto satın alma kullanılamıyor.',
  'onramp.restricted': 'Bölgenizde kripto satın alma kullanılamıyor.',
  'onramp.error.amount': '0’dan büyük ve en fazla 2 ondalıklı bir tutar girin.',
  'onramp.error.open': '{provider} açılamadı: {reason}',
  'onramp.error.quotes': 'Fiyat teklifleri şu anda kullanılamıyor ({reason}); sağlayıcıların ücreti 1–2 % arasındadır.',
  'onramp.loading': 'Yükleniyor…',
  'onramp.unavailableNetwork': '{network} ağında kripto satın alma kullanılamıyor.',
  'onramp.error.options': 'Satın alma bu sitede doğru şekilde ayarlanmamış: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Sağlayıcı seçin',
  'walletButtons.onramp': 'Satın al',
} satisfies TranslationOf<typeof en>;
