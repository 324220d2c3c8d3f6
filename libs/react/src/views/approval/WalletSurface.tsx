import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { focusNeighbour } from '../../modal/useFocusTrap';
import { useObservable } from '../../hooks/useObservable';
import { usePortico } from '../../hooks/usePortico';
import { useT } from '../../hooks/useT';
import { approvalSurfaceRef, type ApprovalSurfaceAppearance, type ApprovalSurfaceHandle } from './approvalSurface';

/** The slot's height before the wallet says how tall its screen is. */
const WAITING_HEIGHT = 160;

/**
 * The slot the connected wallet's own approval screen is shown over (`ApprovalSurface`, from the
 * wallet's plugin): sized to what that screen reports, within the card; focus reaching the slot
 * goes into the wallet's screen, and comes back to the dialog's next (or previous) control when
 * Tab leaves it there.
 */
export function WalletSurface({ namespace }: { namespace: string }) {
  const portico = usePortico('WalletSurface');
  const { kernel } = portico;
  const t = useT();
  const theme = useObservable(portico.theme);
  const slot = useRef<HTMLDivElement>(null);
  const handle = useRef<ApprovalSurfaceHandle | undefined>(undefined);
  const [height, setHeight] = useState(0);
  const [missing, setMissing] = useState(false);
  const appearance: ApprovalSurfaceAppearance = { themeMode: theme.resolved, themeVariables: theme.variables as Record<string, string | number> | undefined, locale: t.locale };
  const latest = useRef(appearance);
  // Kept current before the effects below read it (layout effects run first).
  useLayoutEffect(() => {
    latest.current = appearance;
  });
  const label = t('approve.inWalletFrame');

  useEffect(() => {
    const connectorId = kernel.connection.get(namespace).connectorId;
    const surface = connectorId && kernel.hasService(approvalSurfaceRef) ? kernel.getService(approvalSurfaceRef)(connectorId) : undefined;
    const element = slot.current;
    if (!surface || !element) return setMissing(true);
    const attached = surface.attach(element, { appearance: latest.current, label, onHeight: setHeight, onFocusLeave: (direction) => focusNeighbour(element, direction) });
    handle.current = attached;
    // The dialog may have focused the slot before the wallet's screen was there: focus goes on into it.
    if (element.matches(':focus')) attached.focus();
    return () => {
      handle.current = undefined;
      attached.detach();
    };
  }, [kernel, namespace, label]);

  useEffect(() => {
    handle.current?.update(latest.current);
  }, [theme.resolved, theme.variables, t.locale]);

  // The whole slot in view (a view under it may have left the card scrolled): the wallet's screen counts only when fully visible.
  useEffect(() => {
    slot.current?.scrollIntoView?.({ block: 'nearest' });
  }, [height]);

  if (missing) return <p className="pt-muted" role="status">{t('approve.inWalletMissing')}</p>;
  return (
    <div
      ref={slot}
      className="pt-surface-slot"
      role="group"
      aria-label={label}
      tabIndex={0}
      data-testid="approve-surface"
      data-portico-surface-slot=""
      onFocus={() => handle.current?.focus()}
      style={{ height: `min(${Math.max(height, WAITING_HEIGHT)}px, calc(100vh - 220px), 470px)` }}
    />
  );
}
