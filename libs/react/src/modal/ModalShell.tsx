import { approvalKind, approvalTitleKey, themeVariablesToStyle } from '@portico/core';
import { AlertBanner, BackIcon, CloseIcon, HoldNetworkImages, IconButton } from '@portico/ui';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useObservable } from '../hooks/useObservable';
import { usePorticoEvent } from '../hooks/usePorticoEvent';
import { usePortico } from '../hooks/usePortico';
import { useLabel } from '../hooks/useLabel';
import { useT } from '../hooks/useT';
import { useFocusTrap } from './useFocusTrap';
import { ViewOutlet } from './ViewOutlet';

function AlertsBar() {
  const { kernel } = usePortico('AlertsBar');
  const t = useT();
  const label = useLabel();
  const alerts = useObservable(kernel.alerts);
  const gate = useObservable(kernel.requestGate);
  return (
    <>
      {alerts.map((alert) => (
        <AlertBanner
          key={alert.id}
          severity={alert.severity}
          title={label(`alerts.${alert.id}.title`, alert.title)}
          action={
            <IconButton label={t('alert.dismiss')} onClick={() => kernel.alerts.dismiss(alert.id)}>
              <CloseIcon width={16} height={16} />
            </IconButton>
          }
        >
          {label(`alerts.${alert.id}.message`, alert.message)}
        </AlertBanner>
      ))}
      {gate.notAllowed ? (
        <AlertBanner severity="error" title={t('actionNotAllowed.title')}>
          {t('actionNotAllowed.message')}
        </AlertBanner>
      ) : null}
    </>
  );
}

/** A view's title for the step it shows, and the view it was set on. */
interface StepTitle {
  readonly view: string;
  readonly text: string;
}
const StepTitleContext = createContext<{ view: string; set: Dispatch<SetStateAction<StepTitle | undefined>> } | undefined>(undefined);

/**
 * Titles the modal's header after the step a view shows (Buy's "Buy in progress", then what
 * arrived) instead of the view's manifest title, while the calling component is mounted with
 * that `title`; `undefined` keeps the manifest's. For views rendered in the modal.
 */
export function useViewTitle(title: string | undefined): void {
  const context = useContext(StepTitleContext);
  useEffect(() => {
    if (!context || title === undefined) return;
    const mine: StepTitle = { view: context.view, text: title };
    context.set(mine);
    // Cleared only if still ours: the next step's title may already be set.
    return () => context.set((current) => (current === mine ? undefined : current));
  }, [context, title]);
}

/**
 * The dialog: overlay, 360 px card, header (back, title, close), alerts and the current view.
 * With `open={false}` it is the shell prepared ahead of a click (ModalRoot): rendered and laid
 * out but invisible, inert and hidden from assistive technology, its animations held until it opens.
 */
export function ModalShell({ open = true }: { open?: boolean }) {
  const portico = usePortico('ModalShell');
  const { kernel } = portico;
  const t = useT();
  const label = useLabel();
  const router = useObservable(kernel.router);
  const theme = useObservable(portico.theme);
  const contributions = useObservable(kernel.contributions);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const viewId = router.current.view;
  const onKeyDown = useFocusTrap(dialog, open);
  const root = useRef<HTMLDivElement>(null);
  // `inert` set on the element, not as a prop: React 18 (in the peer range) drops an unknown boolean
  // attribute. A layout effect: before the paint, and before the focus trap's effect on open.
  useLayoutEffect(() => void root.current?.toggleAttribute('inert', !open), [open]);

  const definition = contributions.views.find((v) => v.id === viewId);
  const gate = useObservable(kernel.requestGate);
  // The approval view is titled by what the request asks: signing a message is not a transaction.
  const approvalId = (router.current.params as { id?: string } | undefined)?.id;
  const approval = definition?.role === 'approval' ? (gate.pending.find((p) => p.id === approvalId) ?? gate.pending[0] ?? gate.failed) : undefined;
  const title = approval ? t(approvalTitleKey(approvalKind(approval.method))) : label(`views.${viewId}`, definition?.title ?? viewId);
  // A step's own title (useViewTitle), for the view that set it.
  const [stepTitle, setStepTitle] = useState<StepTitle>();
  const steps = useMemo(() => ({ view: viewId, set: setStepTitle }), [viewId]);
  const shownTitle = stepTitle?.view === viewId ? stepTitle.text : title;
  const closable = definition?.closable !== false;
  const close = () => kernel.router.close('cancelled');
  // Tell the user why Escape or ✕ did nothing when a plugin's guard keeps the modal open.
  const [blocked, setBlocked] = useState(false);
  usePorticoEvent('modal:close-blocked', () => setBlocked(true));
  useEffect(() => {
    if (!blocked) return;
    const timer = setTimeout(() => setBlocked(false), 4000);
    return () => clearTimeout(timer);
  }, [blocked]);

  return (
    <div
      className="pt-root"
      data-theme={theme.resolved}
      dir={t.dir}
      lang={t.locale}
      ref={root}
      style={themeVariablesToStyle(theme.variables).style}
      data-prepared={open ? undefined : ''}
      aria-hidden={open ? undefined : true}
    >
      <div
        className="pt-overlay"
        data-testid="portico-overlay"
        onMouseDown={(e) => {
          if (e.target !== e.currentTarget) return;
          // Without this, the press's default action moves focus to <body> after the
          // dialog has closed and given focus back to the opener.
          e.preventDefault();
          close();
        }}
      >
        <div
          ref={dialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="pt-card"
          tabIndex={-1}
          data-view={viewId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            } else onKeyDown(e);
          }}
        >
          <header className="pt-header">
            {router.stack.length > 1 ? (
              <IconButton label={t('modal.back')} onClick={() => kernel.router.back()}>
                <BackIcon />
              </IconButton>
            ) : (
              <span />
            )}
            <h2 id={titleId} className="pt-title">
              {shownTitle}
            </h2>
            {closable ? (
              <IconButton label={t('modal.close')} onClick={close}>
                <CloseIcon />
              </IconButton>
            ) : (
              <span />
            )}
          </header>
          <div className="pt-body pt-stack" data-pt-body key={viewId}>
            {/* Alerts only once open: an alert inserted while hidden is not announced when it shows. */}
            {open ? <AlertsBar /> : null}
            {blocked ? (
              <p role="status" className="pt-muted" data-testid="close-blocked">
                {t('modal.closeBlocked')}
              </p>
            ) : null}
            <StepTitleContext.Provider value={steps}>
              {/* Prepared, the view requests no image from the network: a visitor who never opens fetches nothing. */}
              <HoldNetworkImages.Provider value={!open}>
                <ViewOutlet viewId={viewId} params={router.current.params} />
              </HoldNetworkImages.Provider>
            </StepTitleContext.Provider>
          </div>
          <footer className="pt-footer">{t('modal.poweredBy')}</footer>
        </div>
      </div>
    </div>
  );
}
