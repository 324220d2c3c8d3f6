import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Загрузка активности…',
  'history.empty': 'Активности пока нет.',
  'history.unavailable': 'В этой сети активность недоступна.',
  'history.error': 'Не удалось загрузить активность.',
  'history.moreError': 'Не удалось загрузить более раннюю активность.',
  'history.retry': 'Повторить',
  'history.more': 'Загрузить ещё',
  'history.pending': 'В ожидании',
  'history.today': 'Сегодня',
  'history.yesterday': 'Вчера',
  'history.failed': 'Ошибка',
  'history.to': 'Кому: {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'От: {address}',
  'history.explorer': 'Открыть в {explorer}',
  'history.op.send': 'Отправлено',
  'history.op.receive': 'Получено',
  'history.op.self': 'Отправлено себе',
  'history.op.execute': 'Вызов контракта',
  'history.op.deploy': 'Контракт развёрнут',
  'history.op.approve': 'Одобрено',
  'history.op.trade': 'Обмен',
  'history.op.mint': 'Выпущено',
  // The manifest's labels.
  'views.Activity': 'Активность',
  'accountTabs.activity': 'Активность',
} satisfies TranslationOf<typeof en>;
