import type { Logger } from '@portico/kernel';
import type { PorticoConfig } from './porticoConfigSchema';

/**
 * The console messages for a config that runs but is not what the host meant: a missing project
 * id, the legacy `siweConfig`, `legalCheckbox` with no link to accept. A chunk of its own, loaded
 * only when one applies, so a correct config carries none of these words in its first load.
 */
export function warnAboutConfig(logger: Logger, options: Pick<PorticoConfig, 'siweConfig' | 'features' | 'projectId'>, hasLegalLinks: boolean): void {
  if (options.siweConfig) logger.warn('siweConfig is the legacy sign-in option and is not supported; pass siwx: createSiwxPlugin({...})');
  if (options.features?.legalCheckbox && !hasLegalLinks) {
    logger.warn('legalCheckbox is on but neither termsConditionsUrl nor privacyPolicyUrl is set: there is nothing to accept, so connecting is not held back');
  }
  if (!options.projectId) logger.error('Project ID Not Configured: pass projectId to createPortico()');
}
