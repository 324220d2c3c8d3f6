import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'Cantidad',
  'onramp.currency': 'Moneda',
  'onramp.providers': 'Comprar {symbol} con',
  'onramp.best': 'Mejor tasa',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'Comisión {fee}',
  'onramp.feeRange': 'Comisión 1–2 %',
  'onramp.quoting': 'Obteniendo cotizaciones…',
  'onramp.noQuote': 'Sin cotización',
  'onramp.opening': 'Abriendo {provider}…',
  'onramp.inProgress': 'Compra en curso',
  'onramp.inProgressHint': 'Completa la compra en la ventana de {provider}. Tu saldo se actualizará aquí cuando llegue el {symbol}.',
  'onramp.openAgain': 'Abrir {provider} de nuevo',
  'onramp.popupBlocked': 'Tu navegador bloqueó la ventana de {provider}.',
  'onramp.stop': 'Dejar de esperar',
  'onramp.arrived': 'Recibido: {amount} {symbol}',
  'onramp.done': 'Listo',
  'onramp.unavailable': 'La compra de criptomonedas no está disponible para esta cuenta.',
  'onramp.restricted': 'La compra de criptomonedas no está disponible en tu región.',
  'onramp.error.amount': 'Introduce una cantidad mayor que 0 con 2 decimales como máximo.',
  'onramp.error.open': 'No se pudo abrir {provider}: {reason}',
  'onramp.error.quotes': 'Las cotizaciones no están disponibles ahora ({reason}); las comisiones de los proveedores son del 1–2 %.',
  'onramp.loading': 'Cargando…',
  'onramp.unavailableNetwork': 'La compra de criptomonedas no está disponible en {network}.',
  'onramp.error.options': 'La compra no está bien configurada en este sitio: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'Elegir proveedor',
  'walletButtons.onramp': 'Comprar',
} satisfies TranslationOf<typeof en>;
