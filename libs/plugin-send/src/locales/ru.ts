import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Токен', 'send.amount': 'Сумма', 'send.max': 'Макс.', 'send.to': 'Кому', 'send.network': 'Сеть', 'send.fee': 'Комиссия сети',
  'send.review': 'Проверить', 'send.back': 'Назад', 'send.send': 'Отправить', 'send.confirmInWallet': 'Подтвердите в кошельке…', 'send.sent': 'Отправлено: {amount} {symbol}',
  'send.explorer': 'Открыть в {explorer}', 'send.done': 'Готово', 'send.loading': 'Загрузка балансов…', 'send.unavailable': 'Отправка недоступна для этого аккаунта.',
  'send.error.amount': 'Введите сумму больше 0, не более {decimals} знаков после запятой.', 'send.error.balance': 'Недостаточно {symbol}.',
  'send.error.withFee': 'Недостаточно {symbol} для этой суммы и комиссии сети.', 'send.error.fee': 'Недостаточно {symbol} для оплаты комиссии сети.',
  'send.error.recipient': 'Неверный получатель: {problem}.', 'send.error.estimate': 'Этот перевод не пройдёт: {reason}', 'send.error.rejected': 'Перевод отклонён в кошельке.',
  'send.status.pending': 'Ожидание подтверждения…',
  'send.status.confirmed': 'Подтверждено.',
  'send.status.failed': 'Перевод не прошёл в сети.',
  'send.status.dropped': 'Перевод был отброшен до подтверждения.',
  'send.pick': 'Выберите токен',
  'send.search': 'Поиск по названию, символу или адресу',
  'send.noMatch': 'Нет токенов по запросу «{query}».',
  // The manifest's labels.
  'views.Send': 'Отправить',
  'walletButtons.send': 'Отправить',
} satisfies TranslationOf<typeof en>;
