import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect не включён',
  'walletconnect.preparing': 'Готовим QR-код',
  'walletconnect.openApp': 'Открыть {name}',
  'walletconnect.appMissing': '{name} не открылся.',
  'walletconnect.dontHave': 'Нет {name}?',
  'walletconnect.getApp': 'Установить {name}',
  'walletconnect.openWeb': 'Открыть в браузере',
  'walletconnect.qrLabel': 'QR-код WalletConnect',
  'walletconnect.scan': 'Отсканируйте этот QR-код телефоном',
  'walletconnect.scanFromOther': 'Или отсканируйте этот QR-код кошельком на другом устройстве',
  'walletconnect.copy': 'Скопировать ссылку',
  'walletconnect.copied': 'Ссылка скопирована',
  'walletconnect.request.failed': 'Запрос не выполнен',
  'walletconnect.request.failedMessage': 'Не удалось связаться с кошельком: соединение с ним прервалось. Попробуйте ещё раз.',
  'walletconnect.request.close': 'Закрыть',
  'walletconnect.request.waiting': 'Ожидание кошелька',
  'walletconnect.request.whenBack': 'Запрос будет отправлен в кошелёк, как только соединение восстановится.',
  'walletconnect.request.confirm': 'Подтвердите запрос в кошельке.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Запрос в кошельке',
  'alerts.walletconnect-connection-interrupted.title': 'Соединение с кошельком прервано',
  'alerts.walletconnect-connection-interrupted.message': 'Переподключение… Кошелёк не может получать запросы, пока соединение не восстановится.',
} satisfies TranslationOf<typeof en>;
