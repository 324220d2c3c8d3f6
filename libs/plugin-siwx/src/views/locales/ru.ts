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
  
} satisfies TranslationOf<typeof en>;
