import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect no está activado',
  'walletconnect.preparing': 'Preparando el código QR',
  'walletconnect.openApp': 'Abrir {name}',
  'walletconnect.appMissing': '{name} no se abrió.',
  'walletconnect.dontHave': '¿No tienes {name}?',
  'walletconnect.getApp': 'Obtener {name}',
  'walletconnect.openWeb': 'Abrir en el navegador',
  'walletconnect.qrLabel': 'Código QR de WalletConnect',
  'walletconnect.scan': 'Escanea este código QR con tu teléfono',
  'walletconnect.scanFromOther': 'O escanea este código QR con una billetera en otro dispositivo',
  'walletconnect.copy': 'Copiar enlace',
  'walletconnect.copied': 'Enlace copiado',
  'walletconnect.request.failed': 'La solicitud no se completó',
  'walletconnect.request.failedMessage': 'No se pudo contactar con tu billetera porque la conexión se interrumpió. Inténtalo de nuevo.',
  'walletconnect.request.close': 'Cerrar',
  'walletconnect.request.waiting': 'Esperando a tu billetera',
  'walletconnect.request.whenBack': 'La solicitud llegará a tu billetera en cuanto vuelva la conexión.',
  'walletconnect.request.confirm': 'Confirma la solicitud en tu billetera.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Solicitud a la billetera',
  'alerts.walletconnect-connection-interrupted.title': 'Se interrumpió la conexión con tu billetera',
  'alerts.walletconnect-connection-interrupted.message': 'Reconectando… Tu billetera no puede recibir solicitudes hasta que vuelva la conexión.',
} satisfies TranslationOf<typeof en>;
