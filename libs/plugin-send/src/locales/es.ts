import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'Token', 'send.amount': 'Cantidad', 'send.max': 'Máx.', 'send.to': 'Para', 'send.network': 'Red', 'send.fee': 'Comisión de red',
  'send.review': 'Revisar', 'send.back': 'Atrás', 'send.send': 'Enviar', 'send.confirmInWallet': 'Confirma en tu billetera…', 'send.sent': 'Enviado: {amount} {symbol}',
  'send.explorer': 'Ver en {explorer}', 'send.done': 'Listo', 'send.loading': 'Cargando tus saldos…', 'send.unavailable': 'No se puede enviar desde esta cuenta.',
  'send.error.amount': 'Introduce una cantidad mayor que 0 con {decimals} decimales como máximo.', 'send.error.balance': 'Saldo de {symbol} insuficiente.',
  'send.error.withFee': 'No hay suficiente {symbol} para esta cantidad y la comisión de red.', 'send.error.fee': 'No hay suficiente {symbol} para pagar la comisión de red.',
  'send.error.recipient': 'Destinatario no válido: {problem}.', 'send.error.estimate': 'Esta transferencia fallaría: {reason}', 'send.error.rejected': 'La transferencia se rechazó en la billetera.',
  'send.status.pending': 'Esperando confirmación…',
  'send.status.confirmed': 'Confirmada.',
  'send.status.failed': 'La transferencia falló en la cadena.',
  'send.status.dropped': 'La transferencia se descartó antes de confirmarse.',
  'send.pick': 'Elige un token',
  'send.search': 'Busca por nombre, símbolo o dirección',
  'send.noMatch': 'Ningún token coincide con «{query}».',
  // The manifest's labels.
  'views.Send': 'Enviar',
  'walletButtons.send': 'Enviar',
} satisfies TranslationOf<typeof en>;
