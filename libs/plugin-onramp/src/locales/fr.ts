import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Montant',
  'onramp.currency': 'Devise',
  'onramp.providers': 'Acheter des {symbol} avec',
  'onramp.best': 'Meilleur taux',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Frais {fee}',
  'onramp.feeRange': 'Frais 1–2 %',
  'onramp.quoting': 'Obtention des cotations…',
  'onramp.noQuote': 'Aucune cotation',
  'onramp.opening': 'Ouverture de {provider}…',
  'onramp.inProgress': 'Achat en cours',
  'onramp.inProgressHint': 'Finalisez votre achat dans la fenêtre {provider}. Votre solde sera mis à jour ici à l’arrivée des {symbol}.',
  'onramp.openAgain': 'Rouvrir {provider}',
  'onramp.popupBlocked': 'Votre navigateur a bloqué la fenêtre {provider}.',
  'onramp.stop': 'Arrêter d’attendre',
  'onramp.arrived': '{amount} {symbol} reçus',
  'onramp.done': 'Terminé',
  'onramp.unavailable': 'L’achat de cryptomonnaies n’est pas disponible pour ce compte.',
  'onramp.restricted': 'L’achat de cryptomonnaies n’est pas disponible dans votre région.',
  'onramp.error.amount': 'Saisissez un montant supérieur à 0 avec au plus 2 décimales.',
  'onramp.error.open': 'Impossible d’ouvrir {provider} : {reason}',
  'onramp.error.quotes': 'Les cotations ne sont pas disponibles pour le moment ({reason}) ; les frais des prestataires sont de 1–2 %.',
  'onramp.loading': 'Chargement…',
  'onramp.unavailableNetwork': 'L’achat de cryptomonnaies n’est pas disponible sur {network}.',
  'onramp.error.options': 'L’achat n’est pas correctement configuré sur ce site : {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Choisir un prestataire',
  'walletButtons.onramp': 'Acheter',
} satisfies TranslationOf<typeof en>;
