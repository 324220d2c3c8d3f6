import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Carregando atividade…',
  'history.empty': 'Ainda não há atividade.',
  'history.unavailable': 'A atividade não está disponível nesta rede.',
  'history.error': 'Não foi possível carregar a atividade.',
  'history.moreError': 'Não foi possível carregar a atividade anterior.',
  'history.retry': 'Tentar novamente',
  'history.more': 'Carregar mais',
  'history.pending': 'Pendente',
  'history.today': 'Hoje',
  'history.yesterday': 'Ontem',
  'history.failed': 'Falhou',
  'history.to': 'Para {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'De {address}',
  'history.explorer': 'Ver em {explorer}',
  'history.op.send': 'Enviado',
  'history.op.receive': 'Recebido',
  'history.op.self': 'Enviado para si',
  'history.op.execute': 'Chamada de contrato',
  'history.op.deploy': 'Contrato implantado',
  'history.op.approve': 'Aprovado',
  'history.op.trade': 'Trocado',
  'history.op.mint': 'Cunhado',
  // The manifest's labels.
  'views.Activity': 'Atividade',
  'accountTabs.activity': 'Atividade',
} satisfies TranslationOf<typeof en>;
