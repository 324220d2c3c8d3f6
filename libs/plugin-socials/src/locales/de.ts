import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'Weiter im {provider}-Fenster',
  'social.opening': '{provider} wird geöffnet…',
  'social.waiting': 'Melde dich im geöffneten Fenster bei {provider} an. Diese Seite geht von selbst weiter.',
  'social.blocked': 'Der Browser hat das {provider}-Fenster blockiert.',
  'social.open': '{provider}-Fenster öffnen',
  'social.closed': 'Das {provider}-Fenster wurde vor der Anmeldung geschlossen.',
  'social.failed': 'Die Anmeldung mit {provider} hat nicht geklappt: {reason}',
  'social.retry': 'Erneut versuchen',
  'social.back': 'Zurück zu den Anmeldeoptionen',
  'social.unavailable': 'Social Login ist für diese App nicht eingerichtet.',
  'social.noWallet': 'Deine Wallet ist auf dem Gerät, auf dem du sie erstellt hast, und es wurde kein Wiederherstellungspasswort festgelegt. Melde dich dort an und lege eines in deinem Konto fest.',
  'social.initFailed': 'Beim Starten der Authentifizierung ist ein Problem aufgetreten',
  'farcaster.scan': 'Scanne diesen QR-Code mit der Kamera deines Telefons, um dich mit Farcaster anzumelden.',
  'farcaster.open': 'Farcaster öffnen',
  'farcaster.copy': 'Link kopieren',
  'farcaster.copied': 'Link kopiert',
  'farcaster.qrLabel': 'QR-Code zur Anmeldung mit Farcaster',
  'farcaster.expired': 'Der QR-Code ist abgelaufen, bevor er benutzt wurde.',
  'farcaster.getNew': 'Neuen QR-Code holen',
  // The manifest's labels.
  'connectMethods.social': 'Social Login',
  'views.SocialConnecting': 'Verbindung wird hergestellt',
} satisfies TranslationOf<typeof en>;
