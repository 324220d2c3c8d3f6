import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Quantia',
  'onramp.currency': 'Moeda',
  'onramp.providers': 'Comprar {symbol} com',
  'onramp.best': 'Melhor taxa',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Taxa {fee}',
  'onramp.feeRange': 'Taxa 1–2 %',
  'onramp.quoting': 'Obtendo cotações…',
  'onramp.noQuote': 'Sem cotação',
  'onramp.opening': 'Abrindo {provider}…',
  'onramp.inProgress': 'Compra em andamento',
  'onramp.inProgressHint': 'Conclua a compra na janela de {provider}. Seu saldo será atualizado aqui quando o {symbol} chegar.',
  'onramp.openAgain': 'Abrir {provider} novamente',
  'onramp.popupBlocked': 'Seu navegador bloqueou a janela de {provider}.',
  'onramp.stop': 'Parar de aguardar',
  'onramp.arrived': 'Recebido: {amount} {symbol}',
  'onramp.done': 'Concluído',
  'onramp.unavailable': 'A compra de criptomoedas não está disponível para esta conta.',
  'onramp.restricted': 'A compra de criptomoedas não está disponível na sua região.',
  'onramp.error.amount': 'Insira uma quantia maior que 0 com no máximo 2 casas decimais.',
  'onramp.error.open': 'Não foi possível abrir {provider}: {reason}',
  'onramp.error.quotes': 'As cotações não estão disponíveis agora ({reason}); as taxas dos provedores são de 1–2 %.',
  'onramp.loading': 'Carregando…',
  'onramp.unavailableNetwork': 'A compra de criptomoedas não está disponível em {network}.',
  'onramp.error.options': 'A compra não está configurada corretamente neste site: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Escolher provedor',
  'walletButtons.onramp': 'Comprar',
} satisfies TranslationOf<typeof en>;
