import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'Отправляйте на этот адрес только активы {namespace}.',
  'receive.qrLabel': 'QR-код вашего адреса',
  'receive.networks': 'Принимается в сетях',
  'receive.accountType': 'Аккаунт',
  'receive.noAccount': 'Подключите кошелёк, чтобы увидеть адрес для получения.',
  'receive.type.eoa': 'Обычный аккаунт',
  'receive.type.smartAccount': 'Смарт-аккаунт',
  'receive.type.payment': 'Платёжный адрес',
  'receive.type.ordinal': 'Адрес Ordinals',
  // The manifest's labels.
  'views.Receive': 'Получить',
  'walletButtons.receive': 'Получить',
} satisfies TranslationOf<typeof en>;
