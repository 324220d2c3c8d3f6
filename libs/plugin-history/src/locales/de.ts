import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Aktivität wird geladen…',
  'history.empty': 'Noch keine Aktivität.',
  'history.unavailable': 'In diesem Netzwerk ist keine Aktivität verfügbar.',
  'history.error': 'Die Aktivität konnte nicht geladen werden.',
  'history.moreError': 'Ältere Aktivität konnte nicht geladen werden.',
  'history.retry': 'Erneut versuchen',
  'history.more': 'Mehr laden',
  'history.pending': 'Ausstehend',
  'history.today': 'Heute',
  'history.yesterday': 'Gestern',
  'history.failed': 'Fehlgeschlagen',
  'history.to': 'An {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'Von {address}',
  'history.explorer': 'Auf {explorer} ansehen',
  'history.op.send': 'Gesendet',
  'history.op.receive': 'Empfangen',
  'history.op.self': 'An dich selbst gesendet',
  'history.op.execute': 'Vertragsaufruf',
  'history.op.deploy': 'Vertrag bereitgestellt',
  'history.op.approve': 'Freigegeben',
  'history.op.trade': 'Getauscht',
  'history.op.mint': 'Geprägt',
  // The manifest's labels.
  'views.Activity': 'Aktivität',
  'accountTabs.activity': 'Aktivität',
} satisfies TranslationOf<typeof en>;
