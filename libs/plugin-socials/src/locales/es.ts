import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'Continúa en la ventana de {provider}',
  'social.opening': 'Abriendo {provider}…',
  'social.waiting': 'Inicia sesión con {provider} en la ventana que se abrió. Esta página seguirá sola.',
  'social.blocked': 'El navegador bloqueó la ventana de {provider}.',
  'social.open': 'Abrir la ventana de {provider}',
  'social.closed': 'La ventana de {provider} se cerró antes de iniciar sesión.',
  'social.failed': 'No se pudo iniciar sesión con {provider}: {reason}',
  'social.retry': 'Reintentar',
  'social.back': 'Volver a las opciones de inicio de sesión',
  'social.unavailable': 'El inicio de sesión social no está configurado en esta app.',
  'social.noWallet': 'Tu billetera está en el dispositivo donde la creaste y no se definió ninguna contraseña de recuperación. Inicia sesión allí y define una desde tu cuenta.',
  'social.initFailed': 'Se produjo un problema al iniciar la autenticación',
  'farcaster.scan': 'Escanea este código QR con la cámara de tu teléfono para iniciar sesión con Farcaster.',
  'farcaster.open': 'Abrir Farcaster',
  'farcaster.copy': 'Copiar enlace',
  'farcaster.copied': 'Enlace copiado',
  'farcaster.qrLabel': 'Código QR para iniciar sesión con Farcaster',
  'farcaster.expired': 'El código QR caducó antes de usarse.',
  'farcaster.getNew': 'Obtener un código QR nuevo',
  // The manifest's labels.
  'connectMethods.social': 'Redes sociales',
  'views.SocialConnecting': 'Conectando',
} satisfies TranslationOf<typeof en>;
