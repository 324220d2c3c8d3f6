/**
 * The modal's stylesheet. It is adopted by the modal's shadow root (or injected there with
 * the host's CSP nonce), so it never touches the host page and the page never touches it.
 * Colours are custom properties; `[data-theme]` switches light/dark, host variables win.
 * Durations: overlay 120 ms, card 150 ms, view 150 ms; all 0 under reduced motion.
 */
export const porticoStyles = `
:host { all: initial; }
.pt-root {
  --pt-accent: var(--portico-accent, #3b5bdb);
  --pt-on-accent: #fff;
  --pt-bg: #fff; --pt-bg-2: #f1f3f5; --pt-bg-3: #e9ecef;
  --pt-fg: #141414; --pt-fg-2: #495057; --pt-fg-3: #5f6670;
  --pt-border: rgba(0,0,0,.1);
  --pt-danger: #c92a2a; --pt-danger-bg: #fff5f5; --pt-warning: #8a5a00; --pt-warning-bg: #fff9db; --pt-info-bg: #e7f5ff;
  --pt-radius: var(--portico-radius, 16px);
  --pt-font: var(--portico-font-family, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --pt-font-size: var(--portico-font-size-base, 15px);
  --pt-overlay: var(--portico-overlay, rgba(0,0,0,.45));
  --pt-z: var(--portico-z-index, 2147483000);
  --pt-d-overlay: 120ms; --pt-d-card: 150ms; --pt-d-view: 150ms;
  font-family: var(--pt-font); font-size: var(--pt-font-size); line-height: 1.4; color: var(--pt-fg);
  -webkit-font-smoothing: antialiased;
}
.pt-root[data-theme="dark"] {
  --pt-bg: #18191b; --pt-bg-2: #232427; --pt-bg-3: #2e3034;
  --pt-fg: #f1f3f5; --pt-fg-2: #c1c2c5; --pt-fg-3: #9ca3af;
  --pt-border: rgba(255,255,255,.12); --pt-accent: var(--portico-accent, #748ffc); --pt-on-accent: #0b0b0c;
  --pt-danger: #ff8787; --pt-danger-bg: #3b1d1d; --pt-warning: #ffd43b; --pt-warning-bg: #3a3016; --pt-info-bg: #1c2b3a;
}
@media (prefers-reduced-motion: reduce) { .pt-root { --pt-d-overlay: 0ms; --pt-d-card: 0ms; --pt-d-view: 0ms; } }
.pt-root *, .pt-root *::before, .pt-root *::after { box-sizing: border-box; }
.pt-overlay { position: fixed; inset: 0; z-index: var(--pt-z); background: var(--pt-overlay); display: flex; align-items: center; justify-content: center; animation: pt-fade var(--pt-d-overlay) ease-out; }
.pt-card { width: 360px; max-width: 100vw; max-height: min(640px, 100vh); display: flex; flex-direction: column; background: var(--pt-bg); color: var(--pt-fg); border-radius: var(--pt-radius); border: 1px solid var(--pt-border); box-shadow: 0 12px 40px rgba(0,0,0,.2); animation: pt-rise var(--pt-d-card) ease-out; overflow: hidden; }
@media (max-width: 430px) { .pt-overlay { align-items: flex-end; } .pt-card { width: 100vw; border-radius: var(--pt-radius) var(--pt-radius) 0 0; max-height: 92vh; } }
.pt-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 4px; }
.pt-title { margin: 0; font-size: 1.05em; font-weight: 600; text-align: center; }
.pt-body { padding: 8px 16px 16px; overflow-y: auto; animation: pt-fade var(--pt-d-view) ease-out; }
.pt-root[data-prepared] { visibility: hidden; }
.pt-root[data-prepared] :is(.pt-overlay, .pt-card, .pt-body) { animation: none; }
.pt-footer { padding: 10px 16px; border-top: 1px solid var(--pt-border); font-size: .8em; color: var(--pt-fg-3); text-align: center; }
.pt-stack { display: flex; flex-direction: column; gap: 8px; }
.pt-row { display: flex; gap: 8px; align-items: center; }
.pt-grow { flex: 1; min-width: 0; }
.pt-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding: 16px 0; }
.pt-muted { color: var(--pt-fg-3); font-size: .88em; }
.pt-section-label { margin: 8px 4px 2px; font-size: .78em; font-weight: 600; letter-spacing: .02em; text-transform: uppercase; color: var(--pt-fg-3); }
.pt-btn { font: inherit; display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 44px; padding: 6px 16px; line-height: 1.3; text-align: center; border-radius: calc(var(--pt-radius) * .75); border: 1px solid transparent; cursor: pointer; font-weight: 600; transition: background-color var(--pt-d-view), opacity var(--pt-d-view); }
.pt-btn[disabled] { cursor: not-allowed; opacity: .55; }
.pt-btn-primary { background: var(--pt-accent); color: var(--pt-on-accent); }
.pt-btn-secondary { background: var(--pt-bg-2); color: var(--pt-fg); border-color: var(--pt-border); }
.pt-btn-ghost { background: transparent; color: var(--pt-fg-2); }
.pt-btn-danger { background: var(--pt-danger-bg); color: var(--pt-danger); }
.pt-btn-block { width: 100%; }
.pt-icon-btn { font: inherit; width: 36px; height: 36px; display: inline-flex; align-items: center; justify-content: center; border-radius: 50%; border: 0; background: transparent; color: var(--pt-fg-2); cursor: pointer; }
.pt-icon-btn:hover, .pt-btn-secondary:hover, .pt-list-item:hover { background: var(--pt-bg-3); }
.pt-root :focus-visible { outline: 2px solid var(--pt-accent); outline-offset: 2px; }
.pt-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.pt-list-item { font: inherit; width: 100%; display: flex; align-items: center; gap: 12px; min-height: 52px; padding: 8px 12px; border-radius: calc(var(--pt-radius) * .75); border: 0; background: var(--pt-bg-2); color: var(--pt-fg); cursor: pointer; text-align: start; }
.pt-list-item[aria-current="true"] { box-shadow: inset 0 0 0 2px var(--pt-accent); }
.pt-list-item[disabled], .pt-icon-btn[disabled] { cursor: not-allowed; opacity: .55; }
.pt-list-item[disabled]:hover, .pt-option[disabled]:hover { background: var(--pt-bg-2); }
.pt-legal { display: flex; flex-direction: column; gap: 4px; padding: 4px 2px; }
.pt-legal-label { display: flex; align-items: flex-start; gap: 10px; font-size: .92em; color: var(--pt-fg); cursor: pointer; }
.pt-legal-checkbox { width: 18px; height: 18px; margin: 1px 0 0; flex: none; accent-color: var(--pt-accent); }
.pt-legal .pt-muted { margin: 0 0 0 28px; }
.pt-link { color: inherit; font-weight: 600; text-decoration: underline; text-underline-offset: 2px; }
:where(.pt-root) a { color: inherit; text-underline-offset: 2px; }
.pt-actions { list-style: none; margin: 0; padding: 0; display: flex; justify-content: center; gap: 8px; }
.pt-actions > li { flex: 1 1 0; min-width: 0; max-width: 96px; }
.pt-action { font: inherit; width: 100%; display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 8px 4px; border-radius: calc(var(--pt-radius) * .75); border: 0; background: var(--pt-bg-2); color: var(--pt-fg); cursor: pointer; }
.pt-action:hover { background: var(--pt-bg-3); }
.pt-action-label { font-size: 13px; font-weight: 600; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pt-list-item-label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.pt-virtual-scroll { max-height: 360px; overflow-y: auto; overscroll-behavior: contain; }
.pt-virtual-list { list-style: none; margin: 0; padding: 0; position: relative; }
.pt-virtual-list > li { position: absolute; top: 0; left: 0; width: 100%; }
.pt-skeleton { min-height: 52px; cursor: default; opacity: .6; }
.pt-qr { display: block; border-radius: calc(var(--pt-radius) * .75); }
.pt-tag { white-space: nowrap; flex-shrink: 0; font-size: .72em; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: var(--pt-bg-3); color: var(--pt-fg-2); }
.pt-avatar { flex: none; display: inline-flex; align-items: center; justify-content: center; border-radius: 28%; background: var(--pt-bg-3); overflow: hidden; color: var(--pt-fg-3); font-weight: 700; }
.pt-avatar img { width: 100%; height: 100%; object-fit: cover; }
.pt-field { display: flex; flex-direction: column; gap: 4px; }
.pt-label { font-size: .85em; font-weight: 600; color: var(--pt-fg-2); }
.pt-input { font: inherit; min-height: 44px; padding: 0 12px; border-radius: calc(var(--pt-radius) * .75); border: 1px solid var(--pt-border); background: var(--pt-bg); color: var(--pt-fg); }
.pt-input[aria-invalid="true"] { border-color: var(--pt-danger); }
.pt-error { color: var(--pt-danger); font-size: .85em; }
.pt-otp { display: flex; gap: 8px; justify-content: center; direction: ltr; }
.pt-otp input { width: 42px; height: 50px; text-align: center; font: inherit; font-size: 1.3em; border-radius: 10px; border: 1px solid var(--pt-border); background: var(--pt-bg); color: var(--pt-fg); }
.pt-tabs { display: flex; gap: 4px; padding: 4px; border-radius: 999px; background: var(--pt-bg-2); }
.pt-tab { font: inherit; flex: 1; min-height: 36px; border: 0; border-radius: 999px; background: transparent; color: var(--pt-fg-2); cursor: pointer; font-weight: 600; }
.pt-tab[aria-selected="true"] { background: var(--pt-bg); color: var(--pt-fg); box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.pt-spinner { width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--pt-bg-3); border-top-color: var(--pt-accent); animation: pt-spin 800ms linear infinite; }
@media (prefers-reduced-motion: reduce) { .pt-spinner { animation-duration: 2400ms; } }
.pt-alert { display: flex; gap: 10px; align-items: flex-start; padding: 10px 12px; border-radius: calc(var(--pt-radius) * .6); font-size: .9em; }
.pt-alert-error { background: var(--pt-danger-bg); color: var(--pt-danger); }
.pt-alert-warning { background: var(--pt-warning-bg); color: var(--pt-warning); }
.pt-alert-info { background: var(--pt-info-bg); color: var(--pt-fg); }
.pt-alert-title { font-weight: 700; margin: 0 0 2px; }
.pt-alert p { margin: 0; }
.pt-option-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(44px, 1fr)); gap: 6px; }
.pt-option { width: 100%; height: 48px; border-radius: calc(var(--pt-radius) * .75); background: var(--pt-bg-2); }
.pt-token-row { display: flex; align-items: center; gap: 12px; padding: 8px 4px; }
a.pt-token-row { color: inherit; text-decoration: none; border-radius: calc(var(--pt-radius) * .75); }
a.pt-token-row:hover { background: var(--pt-bg-2); }
.pt-nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
.pt-nft { display: flex; flex-direction: column; gap: 6px; align-items: flex-start; min-width: 0; }
.pt-nft .pt-avatar { border-radius: calc(var(--pt-radius) * .75); }
.pt-nft-name { width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.pt-token-main { flex: 1; min-width: 0; }
.pt-token-value { text-align: end; font-variant-numeric: tabular-nums; }
.pt-amount { font-size: 1.6em; font-weight: 700; font-variant-numeric: tabular-nums; }
.pt-identity { max-width: 100%; overflow-wrap: anywhere; font-size: 1.1em; }
.pt-code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8em; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--pt-bg-2); padding: 10px; border-radius: 10px; max-height: 180px; overflow: auto; margin: 0; }
.pt-surface-slot { display: block; width: 100%; border-radius: calc(var(--pt-radius) * .75); background: var(--pt-bg); }
.pt-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
.pt-root[dir="rtl"] .pt-flip { transform: scaleX(-1); }
.pt-root[dir="rtl"] .pt-list-item-label, .pt-root[dir="rtl"] .pt-token-name, .pt-root[dir="rtl"] .pt-nft-name { text-align: right; }
@keyframes pt-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes pt-rise { from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; } }
@keyframes pt-spin { to { transform: rotate(360deg); } }
`;
