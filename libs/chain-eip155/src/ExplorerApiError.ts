import { PorticoError } from '@portico/kernel';

/**
 * What went wrong with a network's account API (`blockExplorers.default.apiUrl`): `plan` (the
 * key's plan does not cover the chain), `key` (missing or refused), `rate` (still over the key's
 * rate after a retry), `deprecated` (Etherscan's retired V1 API), `chain` (a chain it does not
 * serve), `config` (the URL names another chain), `refused` (any other NOTOK), `malformed` (no
 * Etherscan envelope).
 */
export type ExplorerProblem = 'plan' | 'key' | 'rate' | 'deprecated' | 'chain' | 'config' | 'refused' | 'malformed';

/** The account API (Etherscan or a compatible one) refused a call or answered something unusable; `code` is `eip155/explorer-<problem>`. */
export class ExplorerApiError extends PorticoError {
  override name = 'ExplorerApiError';
  readonly problem: ExplorerProblem;
  constructor(problem: ExplorerProblem, shortMessage: string, details?: string) {
    super(shortMessage, { code: `eip155/explorer-${problem}`, ...(details === undefined ? {} : { details }) });
    this.problem = problem;
  }
}
