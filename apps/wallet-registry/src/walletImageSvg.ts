import { createHash } from 'node:crypto';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Up to two initials of a wallet name (letters or digits only, so markup never leaks in). */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  return words.slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/**
 * A small (≈300 byte) square SVG icon for a wallet: a rounded tile whose colour comes from
 * the image id, with the name's initials. Deterministic, and escaped, whatever the name.
 */
export function walletImageSvg(imageId: string, name: string): string {
  const digest = createHash('sha256').update(imageId).digest();
  const hue = (digest[0]! * 360) / 256;
  const hue2 = (hue + 40 + (digest[1]! % 80)) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)},70%,55%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2.toFixed(0)},70%,40%)"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="24" fill="url(#g)"/>` +
    `<text x="48" y="60" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(initialsOf(name))}</text></svg>`
  );
}
