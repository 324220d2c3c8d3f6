import { truncateAddress, type ApprovalDetail, type ApprovalSimulation, type DecodedApproval } from '@portico/core';
import { AlertBanner, approvalStyles, CopyIcon, IconButton } from '@portico/ui';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useCopy } from '../../hooks/useCopy';
import { useT } from '../../hooks/useT';

let sheet: CSSStyleSheet | undefined;
/**
 * Adopts the approval view's rules (`approvalStyles`) into the modal's shadow root the first time
 * an element of the view renders there: pages that never show a decoded approval never carry them.
 */
function useApprovalStyles(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root)) return;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(approvalStyles);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, [ref]);
}

/** One detail: its label, the value (shortened ones whole on demand, copyable), left-to-right for addresses and amounts. */
function Detail({ detail }: { detail: ApprovalDetail }) {
  const t = useT();
  const { copied, copy } = useCopy();
  const value = detail.ltr ? <bdi dir="ltr">{detail.value}</bdi> : detail.value;
  return (
    <div className="pt-detail" data-testid="approve-detail">
      <dt className="pt-label">{t(detail.label)}</dt>
      <dd className="pt-detail-value">
        {detail.full ? (
          <details className="pt-exact">
            <summary title={t('approve.showExact')}>{value}</summary>
            <code dir="ltr" className="pt-exact-value" data-testid="approve-detail-full">
              {detail.full}
            </code>
          </details>
        ) : (
          value
        )}
        {detail.full ? (
          <IconButton label={copied ? t('approve.copied') : `${t('approve.copy')}: ${t(detail.label)}`} onClick={() => copy(detail.full!)}>
            <CopyIcon width={14} height={14} />
          </IconButton>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * What a chain plugin's decoder made of a request (issue #37): the risks first, in a warning a
 * person reads before anything else, then each action in a sentence with its details.
 */
export function DecodedApprovalView({ decoded }: { decoded: DecodedApproval }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useApprovalStyles(ref);
  return (
    <div className="pt-stack" ref={ref}>
      {decoded.blocked ? (
        <AlertBanner severity="error" title={t('approve.risksTitle')}>
          <span data-testid="approve-blocked" data-key={decoded.blocked.key}>
            {t(decoded.blocked.key, decoded.blocked.vars)}
          </span>
        </AlertBanner>
      ) : null}
      {decoded.risks.length > 0 ? (
        <AlertBanner severity="warning" title={t('approve.risksTitle')}>
          <ul className="pt-risks" data-testid="approve-risks">
            {decoded.risks.map((risk, i) => (
              <li key={i} data-testid="approve-risk" data-key={risk.key}>
                {t(risk.key, risk.vars)}
              </li>
            ))}
          </ul>
        </AlertBanner>
      ) : null}
      <ol className="pt-approve-actions" data-testid="approve-actions">
        {decoded.actions.map((action, i) => (
          <li key={i} className="pt-approve-action" data-testid="approve-action" data-kind={action.kind}>
            <p className="pt-approve-action-text" data-testid="approve-action-text">
              {t(action.text.key, action.text.vars)}
            </p>
            {action.details.length > 0 ? (
              <dl className="pt-details">
                {action.details.map((detail, j) => (
                  <Detail key={j} detail={detail} />
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
      {decoded.simulation ? <SimulationView simulation={decoded.simulation} /> : null}
    </div>
  );
}

/** What the network predicts: each asset that leaves or arrives, a predicted failure with its reason, or that it could not be simulated. */
export function SimulationView({ simulation }: { simulation: ApprovalSimulation | 'pending' }) {
  const t = useT();
  const status = simulation === 'pending' ? 'pending' : simulation.status;
  const ref = useRef<HTMLElement>(null);
  useApprovalStyles(ref);
  return (
    <section ref={ref} className="pt-simulation" data-testid="approve-simulation" data-status={status} aria-busy={status === 'pending'} aria-labelledby="pt-simulation-title">
      <h3 className="pt-label" id="pt-simulation-title">
        {t('approve.simulation.title')}
      </h3>
      {simulation === 'pending' ? (
        <p className="pt-muted">{t('approve.simulation.pending')}</p>
      ) : simulation.status === 'revert' ? (
        <div className="pt-alert pt-alert-error" role="alert">
          <p className="pt-alert-title" data-testid="approve-simulation-revert">
            {t('approve.simulation.revert', { reason: simulation.reason })}
          </p>
        </div>
      ) : simulation.status === 'unavailable' ? (
        <p className="pt-muted" data-testid="approve-simulation-unavailable">
          {t('approve.simulation.unavailable')}
        </p>
      ) : simulation.changes.length === 0 ? (
        <p className="pt-muted">{t('approve.simulation.none')}</p>
      ) : (
        <ul className="pt-changes">
          {simulation.changes.map((change, i) => (
            <li key={i} className="pt-change" data-testid="approve-change" data-direction={change.direction}>
              {t(change.direction === 'out' ? 'approve.simulation.out' : 'approve.simulation.in', { amount: change.amount, symbol: change.symbol })}
              {/* A token's symbol is whatever its contract says ("USDC", "ETH"): its address beside it tells a copy from the real one. */}
              {change.asset ? (
                <>
                  {' '}
                  <bdi dir="ltr" className="pt-muted" data-testid="approve-change-asset" title={change.asset}>
                    {truncateAddress(change.asset)}
                  </bdi>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
