/**
 * The frame's own rules beside the modal's stylesheet (`porticoStyles`): the page is the card's
 * body when the approval view shows it, so it paints the card's background and nothing else.
 */
export const FRAME_STYLES = `
html, body { margin: 0; padding: 0; background: transparent; }
.pt-frame-root { background: var(--pt-bg); color: var(--pt-fg); padding: 4px 16px 16px; }
.pt-frame-root[hidden] { display: none; }
.pt-frame-approval p { margin: 0; }
.pt-frame-approval dl, .pt-frame-value { margin: 0; }
.pt-frame-value { overflow-wrap: anywhere; }
.pt-frame-actions { position: sticky; bottom: 0; background: var(--pt-bg); padding-top: 8px; margin-top: 8px; }
.pt-frame-actions > * { flex: 1; }
`;
