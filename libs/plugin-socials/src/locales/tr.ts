import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': '{provider} penceresinde devam edin',
  'social.opening': '{provider} açılıyor…',
  'social.waiting': 'Açılan pencerede {provider} ile giriş yapın. Bu sayfa kendiliğinden devam eder.',
  'social.blocked': 'Tarayıcı {provider} penceresini engelledi.',
  'social.open': '{provider} penceresini aç',
  'social.closed': '{provider} penceresi giriş yapılmadan kapatıldı.',
  'social.failed': '{provider} ile giriş yapılamadı: {reason}',
  'social.retry': 'Tekrar dene',
  'social.back': 'Giriş seçeneklerine dön',
  'social.unavailable': 'Bu uygulamada sosyal giriş ayarlanmamış.',
  'social.noWallet': 'Cüzdanınız onu oluşturduğunuz cihazda ve kurtarma parolası belirlenmedi. Orada giriş yapıp hesabınızdan bir tane belirleyin.',
  'social.initFailed': 'Kimlik doğrulama başlatılırken bir sorun oluştu',
  'farcaster.scan': 'Farcaster ile oturum açmak için bu QR kodunu telefonunuzun kamerasıyla tarayın.',
  'farcaster.open': 'Farcaster\'ı aç',
  'farcaster.copy': 'Bağlantıyı kopyala',
  'farcaster.copied': 'Bağlantı kopyalandı',
  'farcaster.qrLabel': 'Farcaster ile oturum açmak için QR kodu',
  'farcaster.expired': 'QR kodunun süresi kullanılmadan doldu.',
  'farcaster.getNew': 'Yeni QR kodu al',
  // The manifest's labels.
  'connectMethods.social': 'Sosyal hesap',
  'views.SocialConnecting': 'Bağlanıyor',
} satisfies TranslationOf<typeof en>;
