import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Сумма',
  'onramp.currency': 'Валюта',
  'onramp.providers': 'Купить {symbol} через',
  'onramp.best': 'Лучший курс',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Комиссия {fee}',
  'onramp.feeRange': 'Комиссия 1–2 %',
  'onramp.quoting': 'Получаем котировки…',
  'onramp.noQuote': 'Нет котировки',
  'onramp.opening': 'Открываем {provider}…',
  'onramp.inProgress': 'Идёт покупка',
  'onramp.inProgressHint': 'Завершите покупку в окне {provider}. Баланс здесь обновится, когда поступят {symbol}.',
  'onramp.openAgain': 'Открыть {provider} снова',
  'onramp.popupBlocked': 'Браузер заблокировал окно {provider}.',
  'onramp.stop': 'Прекратить ожидание',
  'onramp.arrived': 'Получено: {amount} {symbol}',
  'onramp.done': 'Готово',
  'onramp.unavailable': 'Покупка криптовалюты недоступна для этого аккаунта.',
  'onramp.restricted': 'Покупка криптовалюты недоступна в вашем регионе.',
  'onramp.error.amount': 'Введите сумму больше 0, не более 2 знаков после запятой.',
  'onramp.error.open': 'Не удалось открыть {provider}: {reason}',
  'onramp.error.quotes': 'Котировки сейчас недоступны ({reason}); комиссия провайдеров — 1–2 %.',
  'onramp.loading': 'Загрузка…',
  'onramp.unavailableNetwork': 'Покупка криптовалюты недоступна в сети {network}.',
  'onramp.error.options': 'Покупка на этом сайте настроена неправильно: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Выбор провайдера',
  'walletButtons.onramp': 'Купить',
} satisfies TranslationOf<typeof en>;
