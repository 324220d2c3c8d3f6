import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "מה שהאתר הזה רשאי לעשות מהחשבון שלך בלי לשאול בכל פעם.",
  'permissions.none': "לאתר הזה אין הרשאות.",
  'permissions.unsupported': "הארנק הזה לא מעניק הרשאות לאתרים (ERC-7715).",
  'permissions.native': "שליחת {ticker}",
  'permissions.erc20': "שליחת {ticker} (אסימון {address})",
  'permissions.call': "קריאה ל-{functions} ב-{address}",
  'permissions.spent': "נוצלו {spent} מתוך {limit}",
  'permissions.rate': "לכל היותר {count} בכל {interval}",
  'permissions.until': "עד {date}",
  'permissions.revoke': "ביטול",
  'permissions.revokeNamed': "ביטול „{name}”",
  'permissions.loadFailed': "לא ניתן היה לקרוא את ההרשאות.",
  // The manifest's labels.
  'views.Permissions': 'הרשאות',
  'walletButtons.permissions': 'הרשאות',
} satisfies TranslationOf<typeof en>;
