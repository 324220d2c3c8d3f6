import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/** What the `legalCheckbox` flag asks of the Connect views. */
export interface LegalGate {
  /** The flag is on and the host gave at least one link: the checkbox is shown. */
  readonly required: boolean;
  readonly accepted: boolean;
  /** Connecting waits: every connect method is disabled until the box is ticked. */
  readonly locked: boolean;
}

/** The legal-checkbox gate, re-rendering when the flag or the user's choice changes. */
export function useLegalGate(): LegalGate {
  const { kernel, legal } = usePortico('useLegalGate');
  useObservable(kernel.flags);
  const accepted = useObservable(legal);
  const required = kernel.flags.isEnabled('legalCheckbox') && legal.hasLinks;
  return { required, accepted, locked: required && !accepted };
}
