import { AlertBanner, Button } from '@portico/ui';
import { describeError } from '../errors/describeError';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

function describe(params: unknown): string {
  try {
    return JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? '';
  } catch {
    return String(params);
  }
}

/**
 * ApproveTransaction: the pending request (as text) with Approve and Reject; when a request the
 * user approved fails (the wallet or its network), what went wrong in the user's words and Close.
 */
export default function ApproveTransactionView({ params }: { params?: unknown }) {
  const portico = usePortico('ApproveTransactionView');
  const t = useT();
  const gate = useObservable(portico.kernel.requestGate);
  const id = (params as { id?: string } | undefined)?.id;
  const pending = gate.pending.find((p) => p.id === id) ?? gate.pending[0];
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
  return (
    <div className="pt-stack">
      <p>{t('approve.intro', { app: portico.metadata?.name ?? location.host })}</p>
      <div>
        <div className="pt-label">{t('approve.method')}</div>
        <code data-testid="approve-method">{pending.method}</code>
      </div>
      <div>
        <div className="pt-label">{t('approve.details')}</div>
        <pre className="pt-code" tabIndex={0}>
          {describe(pending.params)}
        </pre>
      </div>
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
