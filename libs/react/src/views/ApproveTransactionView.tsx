import { AlertBanner, Button } from '@portico/ui';
import { describeError } from '@portico/core';
import { useAccount } from '../hooks/useAccount';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';
import { describeRequest, type SummaryField } from './approval/describeRequest';

/** One line of the summary; values from the request are text only, addresses and hex kept left-to-right. */
function Field({ field, label }: { field: SummaryField; label: string }) {
  return (
    <div data-testid={`approve-${field.id}`}>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0 }}>
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

/**
 * ApproveTransaction: what the pending request asks (recipient, amount and network; the message
 * as text; typed data as fields), the raw request under Details, and Approve / Reject; when a
 * request the user approved fails (the wallet or its network), what went wrong and Close.
 */
export default function ApproveTransactionView({ params }: { params?: unknown }) {
  const portico = usePortico('ApproveTransactionView');
  const t = useT();
  const gate = useObservable(portico.kernel.requestGate);
  const id = (params as { id?: string } | undefined)?.id;
  const pending = gate.pending.find((p) => p.id === id) ?? gate.pending[0];
  const { networkId } = useAccount(pending?.namespace);
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
  if (!pending) return <p className="pt-muted">{t('approve.nothing')}</p>;
  const summary = describeRequest(pending, { networks: portico.networks, connectedNetworkId: networkId, locale: t.locale, reader: portico.kernel.rpcPolicy.readerOf(pending.namespace, pending.method) });
  return (
    <div className="pt-stack">
      <p>{t('approve.intro', { app: portico.metadata?.name ?? location.host })}</p>
      {summary.malformed && (
        <p className="pt-muted" role="note" data-testid="approve-malformed">
          {t('approve.malformed')}
        </p>
      )}
      {summary.fields.length > 0 && (
        <dl className="pt-stack" style={{ margin: 0 }} data-testid="approve-summary">
          {summary.fields.map((field, i) => (
            <Field key={i} field={field} label={'key' in field.label ? t(field.label.key) : field.label.text} />
          ))}
        </dl>
      )}
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
        <pre className="pt-code" dir="ltr" tabIndex={0} data-testid="approve-raw">
          {summary.raw}
        </pre>
      </details>
      <div className="pt-row">
        <Button variant="secondary" block onClick={() => portico.kernel.requestGate.reject(pending.id)}>
          {t('approve.reject')}
        </Button>
        <Button block onClick={() => portico.kernel.requestGate.approve(pending.id)}>
          {t('approve.approve')}
        </Button>
      </div>
    </div>
  );
}
