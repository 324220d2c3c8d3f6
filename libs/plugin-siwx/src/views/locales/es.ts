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
  
} satisfies TranslationOf<typeof en>;
