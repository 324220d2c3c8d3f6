import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs } from '../kernelRefs';
import { RpcMethodNotAllowedError } from '../errors/kernelErrors';
import type { ContributionRegistry } from '../contributions/ContributionRegistry';
import type { ApprovalReader } from '../manifest/contributionSchemas';

/** How a wallet request is treated. */
export type RpcDecision = 'safe' | 'confirm' | 'reject';

const STRICTNESS: Record<RpcDecision, number> = { safe: 0, confirm: 1, reject: 2 };

interface Rule {
  pattern: string;
  prefix: boolean;
  decision: RpcDecision;
}

/**
 * Classifies RPC methods from the `rpcPolicies` that chain plugins contribute. An exact
 * name beats a `prefix*` pattern, a longer prefix beats a shorter one, and between equal
 * matches the strictest decision wins. A method no policy names is rejected.
 */
@injectable()
export class RpcPolicyEngine {
  private cache?: { source: unknown; rules: Map<string, Rule[]> };

  constructor(@inject(kernelRefs.contributions.id) private readonly contributions: ContributionRegistry) {}

  classify(method: string, namespace?: string): RpcDecision {
    let best: Rule | undefined;
    for (const rule of this.rulesFor(namespace)) {
      const matches = rule.prefix ? method.startsWith(rule.pattern) : method === rule.pattern;
      if (!matches || (best && compare(rule, best) <= 0)) continue;
      best = rule;
    }
    return best?.decision ?? 'reject';
  }

  /** Returns the decision, or throws `RpcMethodNotAllowedError` for `reject`. */
  assertAllowed(method: string, namespace?: string): Exclude<RpcDecision, 'reject'> {
    const decision = this.classify(method, namespace);
    if (decision === 'reject') throw new RpcMethodNotAllowedError(method);
    return decision;
  }

  /** Every method named by a policy of `namespace` that is not rejected (for wallet sessions). */
  allowedMethods(namespace: string): string[] {
    return [...new Set(this.rulesFor(namespace).filter((r) => !r.prefix && r.decision !== 'reject').map((r) => r.pattern))]
      .filter((method) => this.classify(method, namespace) !== 'reject')
      .sort();
  }

  /** How the approval view reads `method`'s params on `namespace`, as a chain plugin's policy declares it. */
  readerOf(namespace: string, method: string): ApprovalReader | undefined {
    for (const policy of this.contributions.getSnapshot().rpcPolicies) {
      const reader = policy.namespace === namespace ? policy.read?.[method] : undefined;
      if (reader) return reader;
    }
    return undefined;
  }

  private rulesFor(namespace: string | undefined): Rule[] {
    const source = this.contributions.getSnapshot().rpcPolicies;
    if (this.cache?.source !== source) {
      const rules = new Map<string, Rule[]>();
      for (const policy of source) {
        const list = rules.get(policy.namespace) ?? [];
        for (const decision of ['safe', 'confirm', 'reject'] as const) {
          for (const pattern of policy[decision] ?? []) {
            const prefix = pattern.endsWith('*');
            list.push({ pattern: prefix ? pattern.slice(0, -1) : pattern, prefix, decision });
          }
        }
        rules.set(policy.namespace, list);
      }
      this.cache = { source, rules };
    }
    const { rules } = this.cache;
    return namespace === undefined ? [...rules.values()].flat() : (rules.get(namespace) ?? []);
  }
}

/** Positive when `a` should win over `b`. */
function compare(a: Rule, b: Rule): number {
  if (a.prefix !== b.prefix) return a.prefix ? -1 : 1;
  if (a.pattern.length !== b.pattern.length) return a.pattern.length - b.pattern.length;
  return STRICTNESS[a.decision] - STRICTNESS[b.decision];
}
