import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "Что этот сайт может делать с вашего счёта, не спрашивая каждый раз.",
  'permissions.none': "У этого сайта нет разрешений.",
  'permissions.unsupported': "Этот кошелёк не выдаёт разрешения сайтам (ERC-7715).",
  'permissions.native': "Отправка {ticker}",
  'permissions.erc20': "Отправка {ticker} (токен {address})",
  'permissions.call': "Вызов {functions} в {address}",
  'permissions.spent': "Потрачено {spent} из {limit}",
  'permissions.rate': "Не более {count} за {interval}",
  'permissions.until': "До {date}",
  'permissions.revoke': "Отозвать",
  'permissions.revokeNamed': "Отозвать «{name}»",
  'permissions.loadFailed': "Не удалось прочитать разрешения.",
  // The manifest's labels.
  'views.Permissions': 'Разрешения',
  'walletButtons.permissions': 'Разрешения',
} satisfies TranslationOf<typeof en>;
