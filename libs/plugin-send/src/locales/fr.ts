import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Jeton', 'send.amount': 'Montant', 'send.max': 'Max', 'send.to': 'À', 'send.network': 'Réseau', 'send.fee': 'Frais de réseau',
  'send.review': 'Vérifier', 'send.back': 'Retour', 'send.send': 'Envoyer', 'send.confirmInWallet': 'Confirmez dans votre portefeuille…', 'send.sent': '{amount} {symbol} envoyés',
  'send.explorer': 'Voir sur {explorer}', 'send.done': 'Terminé', 'send.loading': 'Chargement de vos soldes…', 'send.unavailable': 'L’envoi n’est pas disponible pour ce compte.',
  'send.error.amount': 'Saisissez un montant supérieur à 0 avec au plus {decimals} décimales.', 'send.error.balance': 'Solde {symbol} insuffisant.',
  'send.error.withFee': 'Pas assez de {symbol} pour ce montant et les frais de réseau.', 'send.error.fee': 'Pas assez de {symbol} pour payer les frais de réseau.',
  'send.error.recipient': 'Destinataire invalide : {problem}.', 'send.error.estimate': 'Ce transfert échouerait : {reason}', 'send.error.rejected': 'Le transfert a été refusé dans le portefeuille.',
  'send.status.pending': 'En attente de confirmation…',
  'send.status.confirmed': 'Confirmé.',
  'send.status.failed': 'Le transfert a échoué sur la chaîne.',
  'send.status.dropped': 'Le transfert a été abandonné avant d’être confirmé.',
  'send.pick': 'Choisir un jeton',
  'send.search': 'Rechercher par nom, symbole ou adresse',
  'send.noMatch': 'Aucun jeton ne correspond à « {query} ».',
  // The manifest's labels.
  'views.Send': 'Envoyer',
  'walletButtons.send': 'Envoyer',
} satisfies TranslationOf<typeof en>;
