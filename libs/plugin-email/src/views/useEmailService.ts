import { usePortico } from '@portico/react';
import { emailServiceRef, type EmailService } from '../api';

/** The e-mail login service (registered when the plugin has a frame URL). */
export function useEmailService(view: string): EmailService | undefined {
  const { kernel } = usePortico(view);
  return kernel.hasService(emailServiceRef) ? kernel.getService(emailServiceRef) : undefined;
}

/** Raises the modal alert a failed step calls for: a timeout, the frame not loading, a refused origin or project. */
export function alertFor(error: unknown): string | undefined {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'EmailStepTimeoutError') return 'socials-timeout';
  if (name === 'EmbeddedWalletLoadError' || message === 'origin not allowed') return 'invalid-app-configuration';
  if (message === 'Invalid project ID') return 'invalid-project-id';
  if (message === 'JWT not yet valid') return 'session-expired';
  return undefined;
}
