import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Token', 'send.amount': 'Betrag', 'send.max': 'Max.', 'send.to': 'An', 'send.network': 'Netzwerk', 'send.fee': 'Netzwerkgebühr',
  'send.review': 'Prüfen', 'send.back': 'Zurück', 'send.send': 'Senden', 'send.confirmInWallet': 'In der Wallet bestätigen…', 'send.sent': '{amount} {symbol} gesendet',
  'send.explorer': 'Auf {explorer} ansehen', 'send.done': 'Fertig', 'send.loading': 'Guthaben werden geladen…', 'send.unavailable': 'Senden ist für dieses Konto nicht verfügbar.',
  'send.error.amount': 'Gib einen Betrag über 0 mit höchstens {decimals} Nachkommastellen ein.', 'send.error.balance': 'Nicht genug {symbol}.',
  'send.error.withFee': 'Nicht genug {symbol} für diesen Betrag und die Netzwerkgebühr.', 'send.error.fee': 'Nicht genug {symbol} für die Netzwerkgebühr.',
  'send.error.recipient': 'Ungültiger Empfänger: {problem}.', 'send.error.estimate': 'Diese Überweisung würde fehlschlagen: {reason}', 'send.error.rejected': 'Die Überweisung wurde in der Wallet abgelehnt.',
  'send.status.pending': 'Warte auf Bestätigung…',
  'send.status.confirmed': 'Bestätigt.',
  'send.status.failed': 'Die Überweisung ist auf der Chain fehlgeschlagen.',
  'send.status.dropped': 'Die Überweisung wurde vor der Bestätigung verworfen.',
  'send.pick': 'Token auswählen',
  'send.search': 'Nach Name, Symbol oder Adresse suchen',
  'send.noMatch': 'Kein Token passt zu „{query}“.',
  // The manifest's labels.
  'views.Send': 'Senden',
  'walletButtons.send': 'Senden',
} satisfies TranslationOf<typeof en>;
