import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "ما يمكن لهذا الموقع فعله من حسابك دون أن يسألك في كل مرة.",
  'permissions.none': "لا يملك هذا الموقع أي أذونات.",
  'permissions.unsupported': "لا تمنح هذه المحفظة أذونات للمواقع (ERC-7715).",
  'permissions.native': "إرسال {ticker}",
  'permissions.erc20': "إرسال {ticker} (الرمز {address})",
  'permissions.call': "استدعاء {functions} على {address}",
  'permissions.spent': "أُنفق {spent} من {limit}",
  'permissions.rate': "بحد أقصى {count} كل {interval}",
  'permissions.until': "حتى {date}",
  'permissions.revoke': "إلغاء",
  'permissions.revokeNamed': "إلغاء «{name}»",
  'permissions.loadFailed': "تعذّرت قراءة الأذونات.",
  // The manifest's labels.
  'views.Permissions': 'الأذونات',
  'walletButtons.permissions': 'الأذونات',
} satisfies TranslationOf<typeof en>;
