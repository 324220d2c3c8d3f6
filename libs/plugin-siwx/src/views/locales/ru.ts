import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Подпишите это сообщение, чтобы подтвердить, что кошелёк принадлежит вам.',
  'siwx.sign': 'Подписать',
  'siwx.cancel': 'Отмена',
  'siwx.authenticating': 'Проверка подлинности…',
  'siwx.error.initFailed': 'При запуске проверки подлинности возникла проблема',
  'siwx.error.declined': 'Подпись отклонена',
  'siwx.error.smartAccount': 'Это приложение может не поддерживать смарт-аккаунты',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Вход',
  'alerts.siwx-init-failed.title': 'Вход',
  'alerts.siwx-init-failed.message': 'При запуске проверки подлинности возникла проблема',
} satisfies TranslationOf<typeof en>;
