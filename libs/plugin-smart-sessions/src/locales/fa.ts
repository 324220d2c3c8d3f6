import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "کارهایی که این سایت می‌تواند بدون پرسیدن هر باره از حساب شما انجام دهد.",
  'permissions.none': "این سایت هیچ مجوزی ندارد.",
  'permissions.unsupported': "این کیف پول به سایت‌ها مجوز نمی‌دهد (ERC-7715).",
  'permissions.native': "ارسال {ticker}",
  'permissions.erc20': "ارسال {ticker} (توکن {address})",
  'permissions.call': "فراخوانی {functions} روی {address}",
  'permissions.spent': "{spent} از {limit} خرج شده",
  'permissions.rate': "حداکثر {count} در هر {interval}",
  'permissions.until': "تا {date}",
  'permissions.revoke': "لغو",
  'permissions.revokeNamed': "لغو «{name}»",
  'permissions.loadFailed': "مجوزها خوانده نشد.",
  // The manifest's labels.
  'views.Permissions': 'مجوزها',
  'walletButtons.permissions': 'مجوزها',
} satisfies TranslationOf<typeof en>;
