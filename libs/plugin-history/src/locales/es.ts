import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Cargando actividad…',
  'history.empty': 'Aún no hay actividad.',
  'history.unavailable': 'La actividad no está disponible en esta red.',
  'history.error': 'No se pudo cargar la actividad.',
  'history.moreError': 'No se pudo cargar la actividad anterior.',
  'history.retry': 'Reintentar',
  'history.more': 'Cargar más',
  'history.pending': 'Pendiente',
  'history.today': 'Hoy',
  'history.yesterday': 'Ayer',
  'history.failed': 'Fallida',
  'history.to': 'A {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'De {address}',
  'history.explorer': 'Ver en {explorer}',
  'history.op.send': 'Enviado',
  'history.op.receive': 'Recibido',
  'history.op.self': 'Enviado a ti mismo',
  'history.op.execute': 'Llamada a contrato',
  'history.op.deploy': 'Contrato desplegado',
  'history.op.approve': 'Aprobado',
  'history.op.trade': 'Intercambiado',
  'history.op.mint': 'Acuñado',
  // The manifest's labels.
  'views.Activity': 'Actividad',
  'accountTabs.activity': 'Actividad',
} satisfies TranslationOf<typeof en>;
