import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Token', 'send.amount': 'Quantia', 'send.max': 'Máx.', 'send.to': 'Para', 'send.network': 'Rede', 'send.fee': 'Taxa de rede',
  'send.review': 'Revisar', 'send.back': 'Voltar', 'send.send': 'Enviar', 'send.confirmInWallet': 'Confirme na sua carteira…', 'send.sent': 'Enviado: {amount} {symbol}',
  'send.explorer': 'Ver em {explorer}', 'send.done': 'Concluído', 'send.loading': 'Carregando seus saldos…', 'send.unavailable': 'Não é possível enviar desta conta.',
  'send.error.amount': 'Insira uma quantia maior que 0 com no máximo {decimals} casas decimais.', 'send.error.balance': 'Saldo de {symbol} insuficiente.',
  'send.error.withFee': '{symbol} insuficiente para esta quantia e a taxa de rede.', 'send.error.fee': '{symbol} insuficiente para pagar a taxa de rede.',
  'send.error.recipient': 'Destinatário inválido: {problem}.', 'send.error.estimate': 'Esta transferência falharia: {reason}', 'send.error.rejected': 'A transferência foi rejeitada na carteira.',
  'send.status.pending': 'Aguardando confirmação…',
  'send.status.confirmed': 'Confirmada.',
  'send.status.failed': 'A transferência falhou na rede.',
  'send.status.dropped': 'A transferência foi descartada antes de ser confirmada.',
  'send.pick': 'Escolha um token',
  'send.search': 'Pesquise por nome, símbolo ou endereço',
  'send.noMatch': 'Nenhum token corresponde a “{query}”.',
  // The manifest's labels.
  'views.Send': 'Enviar',
  'walletButtons.send': 'Enviar',
} satisfies TranslationOf<typeof en>;
