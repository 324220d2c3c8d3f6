import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'Продолжите в окне {provider}',
  'social.opening': 'Открываем {provider}…',
  'social.waiting': 'Войдите через {provider} в открывшемся окне. Эта страница продолжит сама.',
  'social.blocked': 'Браузер заблокировал окно {provider}.',
  'social.open': 'Открыть окно {provider}',
  'social.closed': 'Окно {provider} закрыли до входа.',
  'social.failed': 'Не удалось войти через {provider}: {reason}',
  'social.retry': 'Повторить',
  'social.back': 'Назад к способам входа',
  'social.unavailable': 'Вход через соцсети для этого приложения не настроен.',
  'social.noWallet': 'Кошелёк находится на устройстве, где вы его создали, а пароль восстановления не задан. Войдите там и задайте его в аккаунте.',
  'social.initFailed': 'При запуске проверки подлинности возникла проблема',
  'farcaster.scan': 'Отсканируйте этот QR-код камерой телефона, чтобы войти через Farcaster.',
  'farcaster.open': 'Открыть Farcaster',
  'farcaster.copy': 'Копировать ссылку',
  'farcaster.copied': 'Ссылка скопирована',
  'farcaster.qrLabel': 'QR-код для входа через Farcaster',
  'farcaster.expired': 'Срок действия QR-кода истёк до его использования.',
  'farcaster.getNew': 'Получить новый QR-код',
  // The manifest's labels.
  'connectMethods.social': 'Соцсети',
  'views.SocialConnecting': 'Подключение',
} satisfies TranslationOf<typeof en>;
