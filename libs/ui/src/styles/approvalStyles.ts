/**
 * The approval view's rules (issue #37: risks, decoded actions, details with the exact value on
 * demand, the simulated changes), apart from `porticoStyles` so that a page that never shows an
 * approval never downloads them: the modal adopts them into its shadow root when the approval
 * view first renders a decoding, and the wallet frame puts them beside its own.
 */
export const approvalStyles = `
.pt-alert-body { min-width: 0; }
.pt-risks { margin: 0; padding-inline-start: 18px; display: flex; flex-direction: column; gap: 4px; }
.pt-approve-actions { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.pt-approve-action { background: var(--pt-bg-2); border-radius: calc(var(--pt-radius) * .6); padding: 10px 12px; min-width: 0; }
.pt-approve-action-text { margin: 0 0 6px; font-weight: 600; overflow-wrap: anywhere; }
.pt-simulation > h3 { margin: 0 0 4px; }
.pt-simulation > p { margin: 0; }
.pt-changes { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.pt-change[data-direction="out"]::before { content: "− "; color: var(--pt-danger); font-weight: 700; }
.pt-change[data-direction="in"]::before { content: "+ "; font-weight: 700; }
.pt-details { margin: 0; display: grid; gap: 4px; }
.pt-detail { display: flex; justify-content: space-between; align-items: center; gap: 8px; min-width: 0; }
.pt-detail > dt { flex: none; }
.pt-detail-value { margin: 0; display: flex; align-items: center; justify-content: flex-end; gap: 2px; min-width: 0; overflow-wrap: anywhere; text-align: end; }
.pt-detail-value > bdi, .pt-exact > summary > bdi { min-width: 0; overflow-wrap: anywhere; }
.pt-exact { min-width: 0; }
.pt-exact > summary { cursor: pointer; list-style: none; }
.pt-exact > summary::-webkit-details-marker { display: none; }
.pt-exact-value { display: block; font-size: .75em; overflow-wrap: anywhere; text-align: start; }
.pt-simulation { min-width: 0; }
`;
