import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'אסימון', 'send.amount': 'סכום', 'send.max': 'מקסימום', 'send.to': 'אל', 'send.network': 'רשת', 'send.fee': 'עמלת רשת',
  'send.review': 'סקירה', 'send.back': 'חזרה', 'send.send': 'שליחה', 'send.confirmInWallet': 'אשרו בארנק…', 'send.sent': 'נשלחו {amount} {symbol}',
  'send.explorer': 'הצג ב-{explorer}', 'send.done': 'סיום', 'send.loading': 'טוען את היתרות…', 'send.unavailable': 'שליחה אינה זמינה לחשבון זה.',
  'send.error.amount': 'הזינו סכום גדול מ-0 עם {decimals} ספרות אחרי הנקודה לכל היותר.', 'send.error.balance': 'יתרת {symbol} אינה מספיקה.',
  'send.error.withFee': 'אין מספיק {symbol} לסכום זה ולעמלת הרשת.', 'send.error.fee': 'אין מספיק {symbol} לתשלום עמלת הרשת.',
  'send.error.recipient': 'נמען לא תקין: {problem}.', 'send.error.estimate': 'ההעברה הזו תיכשל: {reason}', 'send.error.rejected': 'ההעברה נדחתה בארנק.',
  'send.status.pending': 'ממתין לאישור…',
  'send.status.confirmed': 'אושר.',
  'send.status.failed': 'ההעברה נכשלה ברשת.',
  'send.status.dropped': 'ההעברה נשמטה לפני שאושרה.',
  'send.pick': 'בחירת טוקן',
  'send.search': 'חיפוש לפי שם, סימול או כתובת',
  'send.noMatch': 'אין טוקן שמתאים ל־„{query}”.',
  // The manifest's labels.
  'views.Send': 'שליחה',
  'walletButtons.send': 'שליחה',
} satisfies TranslationOf<typeof en>;
