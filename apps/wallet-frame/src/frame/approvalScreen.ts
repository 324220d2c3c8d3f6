import { createI18n, describeRequest, en, formatBalance, themeVariablesToStyle, truncateAddress, type ApprovalDetail, type ApprovalNetwork, type DecodedApproval, type I18n, type SummaryField, type ThemeVariables } from '@portico/core';
import type { ApprovalReader } from '@portico/kernel';
import type { FrameEventName, FrameEventPayload } from '@portico/frame-protocol';
import type { Approvals, PendingApproval } from './approvals';
import { VISIBLE_BEFORE_APPROVE_MS, watchVisibility } from './visibility';

/** The longest Approve waits for a request's reading (its risks and changes) before the generic reading shows and Approve counts. */
export const DECODE_WAIT_MS = 10_000;

/** A fee for the screen, as the modal shows one. */
export interface FeeEstimate {
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
}

/** What the approval screen is given. */
export interface ApprovalScreenParts {
  /** Where the screen renders (the frame's `<main>`). */
  readonly root: HTMLElement;
  readonly approvals: Approvals;
  /** The host page's origin, as the frame checked it: the screen names it (never a name the host gives). */
  readonly hostOrigin: string;
  /** The networks the frame knows (from its own server's configuration). */
  readonly networks: readonly ApprovalNetwork[];
  /** How the chain plugins say to read each method (`rpcPolicies[].read`), by `namespace|method`. */
  readonly readers: ReadonlyMap<string, ApprovalReader>;
  /** Tells the host a frame event (its size, focus leaving the screen). */
  readonly emit: <N extends FrameEventName>(name: N, payload: FrameEventPayload<N>) => void;
  /** The network fee of a request that sends, when the frame can estimate it. */
  readonly estimateFee?: (request: PendingApproval) => Promise<FeeEstimate | undefined>;
  /** What the request will do, by the chain plugin's decoder (the same the modal uses); undefined when it does not know it. */
  readonly decode?: (request: PendingApproval, locale: string) => Promise<DecodedApproval | undefined>;
}

/** A fee as the modal writes it: "≈ 0.000042 ETH", "< 0.000001 ETH" when smaller but not zero. */
function feeText(fee: FeeEstimate, locale: string): string {
  const smallest = 10n ** BigInt(Math.max(fee.decimals - 6, 0));
  if (fee.value > 0n && fee.value < smallest) return `< ${formatBalance(smallest, fee.decimals, 6, locale)} ${fee.symbol}`;
  return `≈ ${formatBalance(fee.value, fee.decimals, 6, locale)} ${fee.symbol}`;
}

/** An element with attributes and children; text is always text (`textContent`), never markup. */
function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Array<Node | string | undefined | false>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}

/**
 * The frame's own approval screen (issue #36): the request at the head of the queue, read by the
 * same `describeRequest` the modal uses, in the modal's language and theme, with Reject and
 * Approve. Approve counts only for a trusted click (or key press) inside this frame, with the
 * user's activation, while the screen is fully visible and has been for a moment
 * (`watchVisibility`): a script on the host page can ask, but cannot approve. Escape rejects.
 * Tab past the last control (or Shift+Tab before the first) tells the host to move focus on in
 * its dialog. The host hears how many requests wait and the height the screen needs.
 */
export function createApprovalScreen(parts: ApprovalScreenParts) {
  const i18n: I18n = createI18n('en', undefined, undefined, en);
  const rootStyle = document.createElement('div');
  rootStyle.className = 'pt-root pt-frame-root';
  rootStyle.dataset.theme = 'light';
  parts.root.append(rootStyle);
  // Reject and Approve stay in one element for the frame's life, kept in view at the bottom
  // (sticky) however long the request: what must be visible before Approve counts is this row.
  const actions = document.createElement('div');
  actions.className = 'pt-row pt-frame-actions';
  // The buttons themselves stay too: a re-render (a fee estimate, the theme) between a press and
  // its release would otherwise swallow the click.
  const rejectButton = h('button', { type: 'button', class: 'pt-btn pt-btn-secondary pt-btn-block', 'data-testid': 'approve-reject' }) as HTMLButtonElement;
  const approveButton = h('button', { type: 'button', class: 'pt-btn pt-btn-primary pt-btn-block', 'data-testid': 'approve-approve' }) as HTMLButtonElement;
  actions.append(rejectButton, approveButton);
  // What the request asks: replaced at each render, the row under it never.
  const content = document.createElement('div');
  rootStyle.append(content, actions);
  rootStyle.hidden = true;
  let shown: PendingApproval | undefined;
  let fees = new Map<number, FeeEstimate | 'unknown'>();
  const estimating = new Set<number>();
  /** Decodings by request (and the locale they were made in); `null`: the decoder does not know it. */
  let decodings = new Map<number, { locale: string; value: DecodedApproval | null }>();
  const decoding = new Set<string>();
  let hint: HTMLElement | undefined;
  const visibility = watchVisibility(actions, () => updateApprove());

  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(key, vars);

  /** When the request on screen last changed: the next one after an approval is not approved by the same double click. */
  let shownSince = 0;
  let shownTimer: ReturnType<typeof setTimeout> | undefined;
  /** What is on screen: the request, and whether its decoding had arrived (Approve waits again when it does). */
  let shownKey = '';
  /**
   * The request on screen cannot go through as it stands (the account cannot pay for it), or is
   * still being read (its risks are not on screen yet, for at most DECODE_WAIT_MS): Approve waits.
   */
  let blocked = false;
  const readyNow = () => !blocked && visibility.ready() && performance.now() - shownSince >= VISIBLE_BEFORE_APPROVE_MS;

  function updateApprove() {
    const ready = readyNow();
    approveButton.disabled = !ready;
    approveButton.setAttribute('aria-disabled', String(!ready));
    if (ready) approveButton.removeAttribute('aria-describedby');
    else approveButton.setAttribute('aria-describedby', 'approve-hint');
    if (hint) hint.hidden = ready;
  }

  const lastHeight = { value: -1, pending: -1 };
  const report = () => {
    const pending = parts.approvals.list().length;
    const height = pending === 0 ? 0 : Math.min(4000, Math.ceil(rootStyle.scrollHeight));
    if (height === lastHeight.value && pending === lastHeight.pending) return;
    lastHeight.value = height;
    lastHeight.pending = pending;
    parts.emit('approvals', { pending, height });
  };
  new ResizeObserver(report).observe(rootStyle);

  function field(f: SummaryField): HTMLElement {
    const label = 'key' in f.label ? t(f.label.key) : f.label.text;
    const value = f.ltr ? h('bdi', { dir: 'ltr', title: f.full, 'aria-label': f.full }, f.value) : f.value;
    return h('div', { 'data-testid': `approve-${f.id}` }, h('dt', { class: 'pt-label' }, label), h('dd', { class: 'pt-frame-value' }, value));
  }

  function detailElement(detail: ApprovalDetail): HTMLElement {
    const value = detail.ltr ? h('bdi', { dir: 'ltr' }, detail.value) : detail.value;
    const shown = detail.full
      ? h('details', { class: 'pt-exact' }, h('summary', { title: t('approve.showExact') }, value), h('code', { dir: 'ltr', class: 'pt-exact-value', 'data-testid': 'approve-detail-full' }, detail.full))
      : value;
    return h('div', { class: 'pt-detail', 'data-testid': 'approve-detail' }, h('dt', { class: 'pt-label' }, t(detail.label)), h('dd', { class: 'pt-detail-value' }, shown));
  }

  /** What the network predicts (or that it is being simulated, or could not be): as the modal shows it. */
  function simulationElement(simulation: DecodedApproval['simulation'] | 'pending'): HTMLElement | false {
    if (!simulation) return false;
    const status = simulation === 'pending' ? 'pending' : simulation.status;
    const body =
      simulation === 'pending'
        ? h('p', { class: 'pt-muted' }, t('approve.simulation.pending'))
        : simulation.status === 'revert'
          ? h('div', { class: 'pt-alert pt-alert-error', role: 'alert' }, h('p', { class: 'pt-alert-title', 'data-testid': 'approve-simulation-revert' }, t('approve.simulation.revert', { reason: simulation.reason })))
          : simulation.status === 'unavailable'
            ? h('p', { class: 'pt-muted', 'data-testid': 'approve-simulation-unavailable' }, t('approve.simulation.unavailable'))
            : simulation.changes.length === 0
              ? h('p', { class: 'pt-muted' }, t('approve.simulation.none'))
              : h(
                  'ul',
                  { class: 'pt-changes' },
                  // A token's symbol is whatever its contract says: its address beside it tells a copy from the real one.
                  ...simulation.changes.map((c) =>
                    h(
                      'li',
                      { class: 'pt-change', 'data-testid': 'approve-change', 'data-direction': c.direction },
                      t(c.direction === 'out' ? 'approve.simulation.out' : 'approve.simulation.in', { amount: c.amount, symbol: c.symbol }),
                      c.asset && ' ',
                      c.asset && h('bdi', { dir: 'ltr', class: 'pt-muted', 'data-testid': 'approve-change-asset', title: c.asset }, truncateAddress(c.asset)),
                    ),
                  ),
                );
    return h('section', { class: 'pt-simulation', 'data-testid': 'approve-simulation', 'data-status': status, 'aria-busy': String(status === 'pending'), 'aria-label': t('approve.simulation.title') }, h('h3', { class: 'pt-label' }, t('approve.simulation.title')), body);
  }

  /** The decoder's reading: what cannot go through, the risks (a warning), each action's sentence and details, the simulation — as the modal shows it. */
  function decodedElement(decoded: DecodedApproval): HTMLElement {
    const stop =
      decoded.blocked &&
      h('div', { class: 'pt-alert pt-alert-error', role: 'alert' }, h('div', {}, h('p', { class: 'pt-alert-title' }, t('approve.risksTitle')), h('div', { class: 'pt-alert-body', 'data-testid': 'approve-blocked', 'data-key': decoded.blocked.key }, t(decoded.blocked.key, decoded.blocked.vars))));
    const risks =
      decoded.risks.length > 0 &&
      h(
        'div',
        { class: 'pt-alert pt-alert-warning', role: 'alert' },
        h(
          'div',
          { class: 'pt-alert-body' },
          h('p', { class: 'pt-alert-title' }, t('approve.risksTitle')),
          h('ul', { class: 'pt-risks', 'data-testid': 'approve-risks' }, ...decoded.risks.map((risk) => h('li', { 'data-testid': 'approve-risk', 'data-key': risk.key }, t(risk.key, risk.vars)))),
        ),
      );
    const actions = h(
      'ol',
      { class: 'pt-approve-actions', 'data-testid': 'approve-actions' },
      ...decoded.actions.map((action) =>
        h(
          'li',
          { class: 'pt-approve-action', 'data-testid': 'approve-action', 'data-kind': action.kind },
          h('p', { class: 'pt-approve-action-text', 'data-testid': 'approve-action-text' }, t(action.text.key, action.text.vars)),
          action.details.length > 0 && h('dl', { class: 'pt-details' }, ...action.details.map(detailElement)),
        ),
      ),
    );
    return h('div', { class: 'pt-stack' }, stop, risks, actions, simulationElement(decoded.simulation));
  }

  function render() {
    const queue = parts.approvals.list();
    const head = queue[0];
    content.replaceChildren();
    hint = undefined;
    const contentKey = head ? `${head.id}|${decodings.has(head.id) ? 'read' : 'reading'}` : '';
    if (head && contentKey !== shownKey) {
      // A new request, or its decoding (risks, changes) just arrived: the user gets the same time to read it before Approve counts.
      shownSince = performance.now();
      clearTimeout(shownTimer);
      shownTimer = setTimeout(updateApprove, VISIBLE_BEFORE_APPROVE_MS + 1);
    }
    shownKey = contentKey;
    shown = head;
    rootStyle.hidden = !head;
    if (!head) {
      report();
      return;
    }
    const state = i18n.getSnapshot();
    rootStyle.lang = state.locale;
    rootStyle.dir = state.dir;
    const [namespace] = head.network.split(':');
    const summary = describeRequest({ namespace: namespace!, method: head.method, params: head.params }, { networks: parts.networks, connectedNetworkId: head.network, locale: state.locale, reader: parts.readers.get(`${namespace}|${head.method}`) });
    const fee = fees.get(head.id);
    const decodedNow = decodings.get(head.id);
    const decoded = decodedNow?.locale === state.locale ? (decodedNow.value ?? undefined) : undefined;
    blocked = decoded?.blocked !== undefined || (parts.decode !== undefined && !decodedNow);
    const fields: SummaryField[] = [...summary.fields, ...(fee ? [{ id: 'fee', label: { key: 'approve.field.fee' }, value: fee === 'unknown' ? t('approve.feeUnknown') : feeText(fee, state.locale), ltr: fee !== 'unknown' } as const] : [])];
    const setText = (button: HTMLButtonElement, text: string) => void (button.textContent !== text && (button.textContent = text));
    setText(rejectButton, t('approve.reject'));
    setText(approveButton, t('approve.approve'));
    // For screen readers only (a line that came and went would move Approve just as it became clickable).
    hint = h('p', { class: 'pt-visually-hidden', id: 'approve-hint', 'data-testid': 'approve-not-visible' }, t('approve.notVisible'));
    const host = URL.canParse(parts.hostOrigin) ? new URL(parts.hostOrigin).host : parts.hostOrigin;
    const section = h(
      'section',
      { class: 'pt-stack pt-frame-approval', 'aria-label': t(summary.kind === 'sign' ? 'approve.titleSign' : summary.kind === 'transaction' ? 'approve.title' : 'approve.titleOther'), 'data-testid': 'frame-approval', 'data-method': head.method },
      h('p', { 'data-testid': 'approve-intro' }, t('approve.intro', { app: host })),
      summary.malformed && h('p', { class: 'pt-muted', role: 'note', 'data-testid': 'approve-malformed' }, t('approve.malformed')),
      decoded && decodedElement(decoded),
      // A transaction still being read and simulated: said where its changes will be.
      !decodedNow && parts.decode && summary.kind === 'transaction' && simulationElement('pending'),
      decoded && fee && h('dl', { class: 'pt-stack' }, field(fields.at(-1)!)),
      !decoded && fields.length > 0 && h('dl', { class: 'pt-stack', 'data-testid': 'approve-summary' }, ...fields.map(field)),
      summary.message &&
        h('div', {}, h('div', { class: 'pt-label' }, t(summary.message.encoding === 'hex' ? 'approve.messageHex' : 'approve.message')), h('pre', { class: 'pt-code', dir: 'ltr', tabindex: '0', 'data-testid': 'approve-message' }, summary.message.text)),
      h('div', {}, h('div', { class: 'pt-label' }, t('approve.method')), h('code', { 'data-testid': 'approve-method', dir: 'ltr' }, summary.method)),
      h(
        'details',
        { 'data-testid': 'approve-details', ...(summary.malformed ? { open: '' } : {}) },
        h('summary', { class: 'pt-label' }, t('approve.details')),
        decoded && summary.fields.length > 0 && h('dl', { class: 'pt-stack', 'data-testid': 'approve-summary' }, ...summary.fields.map(field)),
        h('pre', { class: 'pt-code', dir: 'ltr', tabindex: '0', 'data-testid': 'approve-raw' }, summary.raw),
      ),
      queue.length > 1 && h('p', { class: 'pt-muted', role: 'status', 'data-testid': 'approve-queue' }, t('approve.queue', { count: queue.length - 1 })),
      hint,
    );
    content.append(section);
    updateApprove();
    report();
    // The frame was focused before this request was on screen (the host handed it focus at once).
    if (document.hasFocus()) focusRequest();
    const decodeKey = `${head.id}|${state.locale}`;
    if (decodedNow?.locale !== state.locale && parts.decode && !decoding.has(decodeKey)) {
      decoding.add(decodeKey);
      const locale = state.locale;
      // A reading that takes too long (a slow node, a request made to be slow to read) is given up: the generic reading shows and Approve counts.
      const giveUp = setTimeout(() => {
        if (decodings.has(head.id)) return;
        decodings.set(head.id, { locale, value: null });
        if (shown?.id === head.id) render();
      }, DECODE_WAIT_MS);
      void parts.decode(head, locale).then(
        (value) => {
          clearTimeout(giveUp);
          decodings.set(head.id, { locale, value: value ?? null });
          if (shown?.id === head.id) render();
        },
        (error: unknown) => {
          clearTimeout(giveUp);
          console.warn(`wallet frame: reading ${head.method} failed`, error);
          decodings.set(head.id, { locale, value: null });
          if (shown?.id === head.id) render();
        },
      );
    }
    if (fee === undefined && parts.estimateFee && summary.kind === 'transaction' && !estimating.has(head.id)) {
      estimating.add(head.id);
      void parts.estimateFee(head).then(
        (estimate) => {
          fees.set(head.id, estimate ?? 'unknown');
          if (shown?.id === head.id) render();
        },
        () => {
          fees.set(head.id, 'unknown');
          if (shown?.id === head.id) render();
        },
      );
    }
  }

  rejectButton.addEventListener('click', (event) => {
    if (event.isTrusted && shown) parts.approvals.reject(shown.id);
  });
  approveButton.addEventListener('click', (event) => {
    // Only the user's own click or key press in this frame, while it is really on screen.
    const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
    if (!event.isTrusted || activation?.isActive === false || !readyNow() || !shown) return;
    parts.approvals.approve(shown.id);
  });

  // The keyboard inside the frame: Escape rejects; Tab leaves the screen at its ends, into the host's dialog.
  document.addEventListener('keydown', (event) => {
    if (!shown) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      parts.approvals.reject(shown.id);
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = [...rootStyle.querySelectorAll<HTMLElement>('button:not([disabled]), summary, [tabindex="0"]')].filter((el) => el.getClientRects().length > 0);
    const first = controls[0];
    const last = controls.at(-1);
    const active = document.activeElement;
    if (!rootStyle.contains(active)) {
      // The frame has focus but none of its controls: Tab enters the screen at its end.
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      parts.emit('focus-leave', { direction: 'backward' });
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      parts.emit('focus-leave', { direction: 'forward' });
    }
  });
  // Focus given to the frame (the host's dialog tabbed into it) lands on the request, not on Approve.
  const focusRequest = () => {
    if (shown && !rootStyle.contains(document.activeElement)) rootStyle.querySelector<HTMLElement>('pre[tabindex="0"], [data-testid="approve-reject"]')?.focus();
  };
  window.addEventListener('focus', focusRequest);

  return {
    /** Re-renders for a change of the queue. */
    update(queue: readonly PendingApproval[]) {
      const ids = new Set(queue.map((q) => q.id));
      fees = new Map([...fees].filter(([id]) => ids.has(id)));
      decodings = new Map([...decodings].filter(([id]) => ids.has(id)));
      render();
    },
    /** The host's theme and language (SYNC_THEME). */
    async sync(appearance: { themeMode: 'light' | 'dark'; themeVariables?: Record<string, string | number> | undefined; locale?: string | undefined }) {
      rootStyle.dataset.theme = appearance.themeMode;
      const { style } = themeVariablesToStyle((appearance.themeVariables ?? {}) as ThemeVariables);
      for (const property of [...rootStyle.style]) rootStyle.style.removeProperty(property);
      for (const [property, value] of Object.entries(style)) rootStyle.style.setProperty(property, value);
      document.documentElement.style.colorScheme = appearance.themeMode;
      if (appearance.locale && appearance.locale !== i18n.getSnapshot().locale) await i18n.setLocale(appearance.locale);
      render();
      return {};
    },
    dispose() {
      clearTimeout(shownTimer);
      visibility.stop();
    },
  };
}
