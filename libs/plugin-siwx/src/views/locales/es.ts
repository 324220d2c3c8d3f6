import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Firma este mensaje para demostrar que esta billetera es tuya.',
  'siwx.sign': 'Firmar',
  'siwx.cancel': 'Cancelar',
  'siwx.authenticating': 'Autenticando...',
  'siwx.error.initFailed': 'Se produjo un problema al iniciar la autenticación',
  'siwx.error.declined': 'Firma rechazada',
  'siwx.error.smartAccount': 'Es posible que esta aplicación no admita cuentas inteligentes',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Iniciar sesión',
  'alerts.siwx-init-failed.title': 'Iniciar sesión',
  'alerts.siwx-init-failed.message': 'Se produjo un problema al iniciar la autenticación',
} satisfies TranslationOf<typeof en>;
