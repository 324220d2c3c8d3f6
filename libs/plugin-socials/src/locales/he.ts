import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'המשיכו בחלון של {provider}',
  'social.opening': 'פותחים את {provider}…',
  'social.waiting': 'התחברו עם {provider} בחלון שנפתח. הדף הזה ימשיך מעצמו.',
  'social.blocked': 'הדפדפן חסם את החלון של {provider}.',
  'social.open': 'פתיחת החלון של {provider}',
  'social.closed': 'החלון של {provider} נסגר לפני ההתחברות.',
  'social.failed': 'ההתחברות עם {provider} נכשלה: {reason}',
  'social.retry': 'ניסיון נוסף',
  'social.back': 'חזרה לאפשרויות ההתחברות',
  'social.unavailable': 'התחברות חברתית לא הוגדרה באפליקציה הזו.',
  'social.noWallet': 'הארנק שלך נמצא במכשיר שבו יצרת אותו, ולא הוגדרה סיסמת שחזור. התחברו שם והגדירו אחת מהחשבון.',
  'social.initFailed': 'אירעה בעיה בהפעלת האימות',
  'farcaster.scan': 'סרקו את קוד ה-QR הזה במצלמת הטלפון כדי להתחבר עם Farcaster.',
  'farcaster.open': 'פתיחת Farcaster',
  'farcaster.copy': 'העתקת הקישור',
  'farcaster.copied': 'הקישור הועתק',
  'farcaster.qrLabel': 'קוד QR להתחברות עם Farcaster',
  'farcaster.expired': 'תוקף קוד ה-QR פג לפני שנעשה בו שימוש.',
  'farcaster.getNew': 'קבלת קוד QR חדש',
  // The manifest's labels.
  'connectMethods.social': 'רשת חברתית',
  'views.SocialConnecting': 'מתחבר',
} satisfies TranslationOf<typeof en>;
