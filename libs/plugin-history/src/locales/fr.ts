import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Chargement de l’activité…',
  'history.empty': 'Aucune activité pour l’instant.',
  'history.unavailable': 'L’activité n’est pas disponible sur ce réseau.',
  'history.error': 'L’activité n’a pas pu être chargée.',
  'history.moreError': 'L’activité plus ancienne n’a pas pu être chargée.',
  'history.retry': 'Réessayer',
  'history.more': 'Afficher plus',
  'history.pending': 'En attente',
  'history.today': 'Aujourd’hui',
  'history.yesterday': 'Hier',
  'history.failed': 'Échec',
  'history.to': 'À {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'De {address}',
  'history.explorer': 'Voir sur {explorer}',
  'history.op.send': 'Envoyé',
  'history.op.receive': 'Reçu',
  'history.op.self': 'Envoyé à vous-même',
  'history.op.execute': 'Appel de contrat',
  'history.op.deploy': 'Contrat déployé',
  'history.op.approve': 'Approuvé',
  'history.op.trade': 'Échangé',
  'history.op.mint': 'Frappé',
  // The manifest's labels.
  'views.Activity': 'Activité',
  'accountTabs.activity': 'Activité',
} satisfies TranslationOf<typeof en>;
