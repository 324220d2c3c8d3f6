import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Betrag',
  'onramp.currency': 'Währung',
  'onramp.providers': '{symbol} kaufen mit',
  'onramp.best': 'Bester Kurs',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Gebühr {fee}',
  'onramp.feeRange': 'Gebühr 1–2 %',
  'onramp.quoting': 'Angebote werden abgerufen…',
  'onramp.noQuote': 'Kein Angebot',
  'onramp.opening': '{provider} wird geöffnet…',
  'onramp.inProgress': 'Kauf läuft',
  'onramp.inProgressHint': 'Schließ den Kauf im {provider}-Fenster ab. Dein Guthaben wird hier aktualisiert, sobald {symbol} eingeht.',
  'onramp.openAgain': '{provider} erneut öffnen',
  'onramp.popupBlocked': 'Dein Browser hat das {provider}-Fenster blockiert.',
  'onramp.stop': 'Nicht mehr warten',
  'onramp.arrived': '{amount} {symbol} eingegangen',
  'onramp.done': 'Fertig',
  'onramp.unavailable': 'Der Kauf von Krypto ist für dieses Konto nicht verfügbar.',
  'onramp.restricted': 'Der Kauf von Krypto ist in deiner Region nicht verfügbar.',
  'onramp.error.amount': 'Gib einen Betrag über 0 mit höchstens 2 Nachkommastellen ein.',
  'onramp.error.open': '{provider} konnte nicht geöffnet werden: {reason}',
  'onramp.error.quotes': 'Angebote sind gerade nicht verfügbar ({reason}); die Gebühren der Anbieter liegen bei 1–2 %.',
  'onramp.loading': 'Wird geladen…',
  'onramp.unavailableNetwork': 'Der Kauf von Krypto ist auf {network} nicht verfügbar.',
  'onramp.error.options': 'Der Kauf ist auf dieser Website nicht richtig eingerichtet: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Anbieter wählen',
  'walletButtons.onramp': 'Kaufen',
} satisfies TranslationOf<typeof en>;
