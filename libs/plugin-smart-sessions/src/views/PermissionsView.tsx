import { formatBalance, formatDate, formatDecimal, truncateAddress } from '@portico/core';
import { ErrorBanner, useAccount, usePluginT, usePortico, type ViewProps } from '@portico/react';
import { Button, Spinner } from '@portico/ui';
import { useCallback, useEffect, useState } from 'react';
import { PERMISSION_METHODS } from '../api';
import { messages } from '../messages';

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> };
type Policy = { type?: unknown; data?: Record<string, unknown> };
type Permission = { type?: unknown; data?: Record<string, unknown>; policies?: Policy[] };
/** A grant as the wallet lists it (ERC-7715's read; `spent` is the embedded wallet's, per permission). */
interface Grant {
  readonly permissionsContext: string;
  readonly expiry: number;
  readonly grantedPermissions: Permission[];
  readonly spent?: string[];
}

/** A grant's box: the list rows' background and corners. */
const CARD = { padding: '10px 12px', borderRadius: 'calc(var(--pt-radius) * .75)', background: 'var(--pt-bg-2)' } as const;

type State = { kind: 'loading' } | { kind: 'unsupported' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; grants: Grant[]; decimals: Record<string, number> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 80) => (typeof v === 'string' ? (v.length > max ? `${v.slice(0, max - 1)}…` : v) : '');
const amount = (v: unknown): bigint | undefined => {
  try {
    return typeof v === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(v) ? BigInt(v) : undefined;
  } catch {
    return undefined;
  }
};
/** The wallet's answer, kept to what can be shown (it is outside data). */
const readGrants = (answer: unknown): Grant[] =>
  (Array.isArray(answer) ? answer : [])
    // An expiry a date can show (unix seconds up to the year 9999), permissions as objects, policies as lists.
    .filter((g): g is Grant => isRecord(g) && typeof g['permissionsContext'] === 'string' && Number.isSafeInteger(g['expiry']) && (g['expiry'] as number) > 0 && (g['expiry'] as number) < 253_402_300_800 && Array.isArray(g['grantedPermissions']))
    .slice(0, 50)
    .map((g) => ({ ...g, grantedPermissions: g.grantedPermissions.filter(isRecord).map((x) => ({ ...x, policies: Array.isArray(x.policies) ? x.policies.filter(isRecord) : [] })).slice(0, 10) }));

/**
 * Permissions: what the connected wallet has granted this site (ERC-7715), each with its
 * contract, spend limit and what is spent, its rate and expiry, and a Revoke button. A wallet
 * that does not report the `permissions` capability is said to have none to give.
 */
export default function PermissionsView(_props: ViewProps) {
  const portico = usePortico('PermissionsView');
  const p = usePluginT(messages);
  const { address, networkId } = useAccount('eip155');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [revoking, setRevoking] = useState<string>();
  const provider = portico.adapter('eip155')?.getProvider?.() as Provider | undefined;
  const network = portico.networks.find((n) => n.caipNetworkId === networkId);
  const locale = p.locale;

  /** What the wallet says now: whether it grants permissions, and the live grants (with the tokens' decimals). */
  const read = useCallback(async (): Promise<State> => {
    if (!provider || !address || !networkId) return { kind: 'unsupported' };
    const chainHex = `0x${BigInt(networkId.split(':')[1] ?? '0').toString(16)}`;
    try {
      const capabilities = await provider.request({ method: 'wallet_getCapabilities', params: [address, [chainHex]] });
      const chain = isRecord(capabilities) ? capabilities[chainHex] : undefined;
      if (!(isRecord(chain) && isRecord(chain['permissions']) && chain['permissions']['supported'] === true)) return { kind: 'unsupported' };
      const grants = readGrants(await provider.request({ method: PERMISSION_METHODS.list }));
      // A token's decimals, read from its contract (`decimals()`), so limits show in its units.
      const tokens = [...new Set(grants.flatMap((g) => g.grantedPermissions.filter((x) => x.type === 'erc20-token-transfer').map((x) => text(x.data?.['address'], 42))))].filter(Boolean);
      const decimals: Record<string, number> = {};
      await Promise.all(
        tokens.map(async (token) => {
          const answer = await provider.request({ method: 'eth_call', params: [{ to: token, data: '0x313ce567' }, 'latest'] }).catch(() => undefined);
          const n = typeof answer === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(answer) ? Number(BigInt(answer)) : NaN;
          if (Number.isInteger(n) && n <= 36) decimals[token.toLowerCase()] = n;
        }),
      );
      return { kind: 'ready', grants, decimals };
    } catch (error) {
      return { kind: 'failed', error };
    }
  }, [provider, address, networkId]);

  useEffect(() => {
    let live = true;
    void read().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [read]);

  const revoke = async (context: string) => {
    if (!provider) return;
    setRevoking(context);
    try {
      await provider.request({ method: PERMISSION_METHODS.revoke, params: [{ permissionsContext: context }] });
      setState(await read());
    } catch (error) {
      setState({ kind: 'failed', error });
    } finally {
      setRevoking(undefined);
    }
  };

  /** One permission in words: what it allows, on which contract. */
  const describe = (permission: Permission): string => {
    const data = permission.data ?? {};
    const contract = truncateAddress(text(data['address'], 42));
    if (permission.type === 'native-token-transfer') return p('permissions.native', { ticker: text(data['ticker'], 12) || network?.nativeCurrency.symbol || '' });
    if (permission.type === 'erc20-token-transfer') return p('permissions.erc20', { ticker: text(data['ticker'], 12), address: contract });
    if (permission.type === 'contract-call') return p('permissions.call', { functions: (Array.isArray(data['calls']) ? data['calls'] : []).map((c) => text(c, 60)).join(', '), address: contract });
    return text(permission.type);
  };
  /** An allowance in the token's units when known (the native token's, a token's `decimals()`), else its smallest unit. */
  const units = (permission: Permission, value: bigint, decimals: Record<string, number>): string => {
    const data = permission.data ?? {};
    const places = permission.type === 'native-token-transfer' ? network?.nativeCurrency.decimals : decimals[text(data['address'], 42).toLowerCase()];
    const ticker = text(data['ticker'], 12);
    if (places === undefined) return `${value} ${ticker}`.trim();
    const whole = formatBalance(value, places, places);
    const trimmed = whole.includes('.') ? whole.replace(/0+$/, '').replace(/\.$/, '') : whole;
    return `${formatDecimal(trimmed, locale, trimmed.split('.')[1]?.length ?? 0)} ${ticker}`.trim();
  };

  if (state.kind === 'loading') return <Spinner label={p('permissions.intro')} />;
  return (
    <div className="pt-stack" data-testid="permissions">
      <p className="pt-muted" style={{ margin: 0 }}>
        {p('permissions.intro')}
      </p>
      {state.kind === 'unsupported' ? (
        <p role="status" data-testid="permissions-unsupported">
          {p('permissions.unsupported')}
        </p>
      ) : null}
      {state.kind === 'failed' ? <ErrorBanner error={state.error} title={p('permissions.loadFailed')} /> : null}
      {state.kind === 'ready' && state.grants.length === 0 ? (
        <p role="status" data-testid="permissions-none">
          {p('permissions.none')}
        </p>
      ) : null}
      {state.kind === 'ready'
        ? state.grants.map((grant) => {
            const name = grant.grantedPermissions.map(describe).join(', ');
            return (
              <section key={grant.permissionsContext} className="pt-stack" style={CARD} aria-label={name} data-testid="permission">
                {grant.grantedPermissions.map((permission, i) => {
                  const allowance = amount((permission.policies ?? []).find((x) => x?.type === 'token-allowance')?.data?.['allowance']);
                  const rate = (permission.policies ?? []).find((x) => x?.type === 'rate-limit')?.data;
                  const spent = amount(grant.spent?.[i]) ?? 0n;
                  return (
                    <div key={i} className="pt-stack" style={{ gap: 2 }}>
                      <strong>{describe(permission)}</strong>
                      {allowance !== undefined ? (
                        <span className="pt-muted" data-testid="permission-spent">
                          {p('permissions.spent', { spent: units(permission, spent, state.decimals), limit: units(permission, allowance, state.decimals) })}
                        </span>
                      ) : null}
                      {rate && Number.isSafeInteger(rate['count']) && Number.isSafeInteger(rate['interval']) ? (
                        <span className="pt-muted">
                          {p('permissions.rate', {
                            count: formatDecimal(String(rate['count']), locale, 0),
                            interval: new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(rate['interval'] as number),
                          })}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
                <span className="pt-muted" data-testid="permission-until">
                  {p('permissions.until', { date: formatDate(grant.expiry * 1000, locale) })}
                </span>
                <Button variant="secondary" aria-label={p('permissions.revokeNamed', { name })} disabled={revoking !== undefined} onClick={() => void revoke(grant.permissionsContext)}>
                  {revoking === grant.permissionsContext ? <Spinner label={p('permissions.revoke')} /> : p('permissions.revoke')}
                </Button>
              </section>
            );
          })
        : null}
    </div>
  );
}
