import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Bu cüzdanın size ait olduğunu kanıtlamak için bu mesajı imzalayın.',
  'siwx.sign': 'İmzala',
  'siwx.cancel': 'İptal',
  'siwx.authenticating': 'Kimlik doğrulanıyor...',
  'siwx.error.initFailed': 'Kimlik doğrulama başlatılırken bir sorun oluştu',
  'siwx.error.declined': 'İmza reddedildi',
  'siwx.error.smartAccount': 'Bu uygulama akıllı hesapları desteklemiyor olabilir',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Giriş yap',
  'alerts.siwx-init-failed.title': 'Giriş yap',
  'alerts.siwx-init-failed.message': 'Kimlik doğrulama başlatılırken bir sorun oluştu',
} satisfies TranslationOf<typeof en>;
