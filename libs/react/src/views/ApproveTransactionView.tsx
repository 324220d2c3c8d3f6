import { AlertBanner, Button } from '@portico/ui';
import { describeError, describeRequest, formatBalance, type DecodedApproval, type Portico, type SummaryField } from '@portico/core';
import type { Balance } from '@portico/kernel';
import { useEffect, useState } from 'react';
import { useAccount } from '../hooks/useAccount';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useModalT } from '../modal/ModalRoot';
import { DecodedApprovalView, SimulationView } from './approval/DecodedApprovalView';
import { WalletSurface } from './approval/WalletSurface';

/** One line of the summary; values from the request are text only, addresses and hex kept left-to-right. */
function Field({ field, label, name }: { field: SummaryField; label: string; name?: string | undefined }) {
  return (
    <div data-testid={`approve-${field.id}`}>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {name ? (
          <>
            <bdi data-testid="approve-to-name">{name}</bdi>{' '}
          </>
        ) : null}
        {field.ltr ? (
          <bdi dir="ltr" title={field.full} aria-label={field.full}>
            {field.value}
          </bdi>
        ) : (
          field.value
        )}
      </dd>
    </div>
  );
}

/** What the request's chain plugin adds, asked once per request: the fee estimate and the recipient's name. */
interface Extras {
  readonly id: string;
  readonly fee?: Balance | 'unknown' | undefined;
  readonly recipientName?: string | undefined;
}

/** A request on the approval view (the gate's pending entry). */
type Pending = ReturnType<Portico['kernel']['requestGate']['getSnapshot']>['pending'][number];

function useExtras(portico: Portico, pending: Pending | undefined, from: string | undefined, networkId: string | undefined, recipient: string | undefined): Extras | undefined {
  const [extras, setExtras] = useState<Extras>();
  useEffect(() => {
    if (!pending || !from || !networkId) return;
    const adapter = portico.adapter(pending.namespace);
    const network = portico.network(networkId);
    if (!adapter || !network) return;
    let live = true;
    const update = (patch: Omit<Extras, 'id'>) => live && setExtras((current) => ({ ...(current?.id === pending.id ? current : {}), ...patch, id: pending.id }));
    adapter.estimateFee?.({ method: pending.method, params: pending.params }, from, network).then(
      (fee) => update({ fee }),
      (error: unknown) => {
        portico.kernel.logger.warn(`Fee estimate for ${pending.method} failed`, error);
        update({ fee: 'unknown' });
      },
    );
    if (recipient) {
      adapter.getIdentity?.(`${networkId}:${recipient}`, network).then(
        (identity) => update({ recipientName: identity?.name }),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [portico, pending, from, networkId, recipient]);
  return extras?.id === pending?.id ? extras : undefined;
}

/** The longest Approve waits for the chain plugin's reading (its risks and changes) before the generic reading shows. */
const DECODE_WAIT_MS = 10_000;

/**
 * What the request's chain plugin makes of it (`describeApproval`: sentences, risks first), asked
 * once per request through the network's RPC; `undefined` while it loads and when the plugin does
 * not know the request (the generic reading stays).
 */
function useDecodedApproval(portico: Portico, pending: Pending | undefined, account: string | undefined, networkId: string | undefined, locale: string): { decoded?: DecodedApproval; decoding: boolean } {
  const [decoded, setDecoded] = useState<{ id: string; value: DecodedApproval | undefined }>();
  const adapter = pending ? portico.adapter(pending.namespace) : undefined;
  const network = networkId ? portico.network(networkId) : undefined;
  const reads = Boolean(pending && !pending.inWallet && adapter?.describeApproval && network);
  useEffect(() => {
    if (!pending || !reads) return;
    let live = true;
    // A reading that takes too long (a slow node, a request made to be slow to read) is given up: the generic reading shows and Approve counts.
    const giveUp = setTimeout(() => live && setDecoded((current) => (current?.id === pending.id ? current : { id: pending.id, value: undefined })), DECODE_WAIT_MS);
    adapter!.describeApproval!({ method: pending.method, params: pending.params }, { network: network!, account: account?.split(':')[2], locale }).then(
      (value) => live && setDecoded({ id: pending.id, value: value as DecodedApproval | undefined }),
      (error: unknown) => {
        portico.kernel.logger.warn(`Reading ${pending.method} for the approval view failed`, error);
        if (live) setDecoded({ id: pending.id, value: undefined });
      },
    );
    return () => {
      live = false;
      clearTimeout(giveUp);
    };
  }, [portico, pending, reads, adapter, network, account, locale]);
  const current = decoded?.id === pending?.id ? decoded : undefined;
  return { ...(current?.value ? { decoded: current.value } : {}), decoding: reads && !current };
}

/** A fee for the summary: "≈ 0.000042 ETH" (6 decimals, floored), "< 0.000001 ETH" when smaller but not zero. */
function feeText(fee: Balance, locale: string): string {
  const smallest = 10n ** BigInt(Math.max(fee.decimals - 6, 0));
  if (fee.value > 0n && fee.value < smallest) return `< ${formatBalance(smallest, fee.decimals, 6, locale)} ${fee.symbol}`;
  return `≈ ${formatBalance(fee.value, fee.decimals, 6, locale)} ${fee.symbol}`;
}

/**
 * ApproveTransaction: what the pending request asks (recipient, amount and network; the message
 * as text; typed data as fields), the raw request under Details, and Approve / Reject; for a
 * wallet that asks the user in its own frame (an embedded wallet), that frame's screen instead;
 * when a request the user approved fails (the wallet or its network), what went wrong and Close.
 */
export default function ApproveTransactionView({ params }: { params?: unknown }) {
  const portico = usePortico('ApproveTransactionView');
  const t = useModalT();
  const gate = useObservable(portico.kernel.requestGate);
  const id = (params as { id?: string } | undefined)?.id;
  const pending = gate.pending.find((p) => p.id === id) ?? gate.pending[0];
  const { networkId, caipAddress } = useAccount(pending?.namespace);
  const summary = pending && !pending.inWallet
    ? describeRequest(pending, { networks: portico.networks, connectedNetworkId: networkId, locale: t.locale, reader: portico.kernel.rpcPolicy.readerOf(pending.namespace, pending.method) })
    : undefined;
  // The recipient's whole address (address fields always carry it in `full`).
  const recipient = summary?.fields.find((f) => f.id === 'to')?.full;
  const extras = useExtras(portico, pending, caipAddress, networkId, recipient);
  const { decoded, decoding: reading } = useDecodedApproval(portico, pending, caipAddress, networkId, t.locale);
  // A transaction is being read and simulated: said where its expected changes will be, never a silent gap.
  const decoding = reading && summary?.kind === 'transaction';
  if (!pending && gate.failed) {
    const failure = describeError(gate.failed.error, t);
    return (
      <div className="pt-stack" data-testid="approve-failed">
        <p>{t('approve.failed')}</p>
        <AlertBanner severity="error" title={failure.title}>
          {failure.message}
        </AlertBanner>
        <div>
          <div className="pt-label">{t('approve.method')}</div>
          <code data-testid="approve-method">{gate.failed.method}</code>
        </div>
        <Button block onClick={() => portico.kernel.requestGate.dismissFailure()}>
          {t('approve.close')}
        </Button>
      </div>
    );
  }
  if (pending?.inWallet) {
    // The wallet asks the user itself, in its own frame: what it will sign, and Approve, are there (issue #36).
    return (
      <div className="pt-stack" data-testid="approve-in-wallet">
        <p className="pt-muted" style={{ margin: 0 }}>
          {t('approve.inWallet')}
        </p>
        <WalletSurface namespace={pending.namespace} />
      </div>
    );
  }
  if (!pending || !summary) return <p className="pt-muted">{t('approve.nothing')}</p>;
  const fee = extras?.fee;
  // Which network the request is for stays in view beside the decoded sentences (the rest of its own fields go under Details).
  const networkField = summary.fields.find((f) => f.id === 'network' || f.id === 'chain');
  const fields: SummaryField[] = [
    ...summary.fields,
    ...(fee ? [{ id: 'fee', label: { key: 'approve.field.fee' }, value: fee === 'unknown' ? t('approve.feeUnknown') : feeText(fee, t.locale), ltr: fee !== 'unknown' } as const] : []),
  ];
  return (
    <div className="pt-stack">
      <p>{t('approve.intro', { app: portico.metadata?.name ?? location.host })}</p>
      {summary.malformed && (
        <p className="pt-muted" role="note" data-testid="approve-malformed">
          {t('approve.malformed')}
        </p>
      )}
      {decoded ? <DecodedApprovalView decoded={decoded} /> : decoding ? <SimulationView simulation="pending" /> : null}
      {!decoded && fields.length > 0 && (
        <dl className="pt-stack" style={{ margin: 0 }} data-testid="approve-summary">
          {fields.map((field, i) => (
            <Field key={i} field={field} label={'key' in field.label ? t(field.label.key) : field.label.text} name={field.id === 'to' ? extras?.recipientName : undefined} />
          ))}
        </dl>
      )}
      {decoded && (fee || networkField) ? (
        <dl className="pt-stack" style={{ margin: 0 }}>
          {networkField ? <Field field={networkField} label={t('approve.field.network')} /> : null}
          {fee ? <Field field={fields.at(-1)!} label={t('approve.field.fee')} /> : null}
        </dl>
      ) : null}
      {summary.message && (
        <div>
          <div className="pt-label">{t(summary.message.encoding === 'hex' ? 'approve.messageHex' : 'approve.message')}</div>
          <pre className="pt-code" dir="ltr" tabIndex={0} data-testid="approve-message" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {summary.message.text}
          </pre>
        </div>
      )}
      <div>
        <div className="pt-label">{t('approve.method')}</div>
        <code data-testid="approve-method" dir="ltr">
          {summary.method}
        </code>
      </div>
      <details open={summary.malformed} data-testid="approve-details">
        <summary className="pt-label">{t('approve.details')}</summary>
        {decoded && summary.fields.some((f) => f !== networkField) ? (
          <dl className="pt-stack" style={{ margin: '8px 0' }} data-testid="approve-summary">
            {summary.fields.filter((f) => f !== networkField).map((field, i) => (
              <Field key={i} field={field} label={'key' in field.label ? t(field.label.key) : field.label.text} />
            ))}
          </dl>
        ) : null}
        <pre className="pt-code" dir="ltr" tabIndex={0} data-testid="approve-raw">
          {summary.raw}
        </pre>
      </details>
      <div className="pt-row">
        <Button variant="secondary" block onClick={() => portico.kernel.requestGate.reject(pending.id)}>
          {t('approve.reject')}
        </Button>
        {/* Not while the reading (its risks) is still coming, nor when the account cannot pay for it. */}
        <Button block disabled={reading || decoded?.blocked !== undefined} onClick={() => portico.kernel.requestGate.approve(pending.id)}>
          {t('approve.approve')}
        </Button>
      </div>
    </div>
  );
}
