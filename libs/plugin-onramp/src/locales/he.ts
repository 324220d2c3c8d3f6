import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'סכום',
  'onramp.currency': 'מטבע',
  'onramp.providers': 'קנו {symbol} באמצעות',
  'onramp.best': 'השער הטוב ביותר',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'עמלה {fee}',
  'onramp.feeRange': 'עמלה 1–2 %',
  'onramp.quoting': 'מקבל הצעות מחיר…',
  'onramp.noQuote': 'אין הצעת מחיר',
  'onramp.opening': 'פותח את {provider}…',
  'onramp.inProgress': 'הקנייה בתהליך',
  'onramp.inProgressHint': 'השלימו את הרכישה בחלון של {provider}. היתרה תתעדכן כאן כשה-{symbol} יגיע.',
  'onramp.openAgain': 'פתיחת {provider} שוב',
  'onramp.popupBlocked': 'הדפדפן חסם את החלון של {provider}.',
  'onramp.stop': 'הפסקת ההמתנה',
  'onramp.arrived': 'התקבלו {amount} {symbol}',
  'onramp.done': 'סיום',
  'onramp.unavailable': 'קניית קריפטו אינה זמינה לחשבון זה.',
  'onramp.restricted': 'קניית קריפטו אינה זמינה באזור שלכם.',
  'onramp.error.amount': 'הזינו סכום גדול מ-0 עם 2 ספרות אחרי הנקודה לכל היותר.',
  'onramp.error.open': 'לא ניתן לפתוח את {provider}: {reason}',
  'onramp.error.quotes': 'הצעות מחיר אינן זמינות כרגע ({reason}); העמלות של הספקים הן 1–2 %.',
  'onramp.loading': 'טוען…',
  'onramp.unavailableNetwork': 'קניית קריפטו אינה זמינה ב-{network}.',
  'onramp.error.options': 'הקנייה אינה מוגדרת כראוי באתר זה: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'בחירת ספק',
  'walletButtons.onramp': 'קנייה',
} satisfies TranslationOf<typeof en>;
