import encodeQR from 'qr';
import { useMemo } from 'react';

/** Props of `QrCode`. */
export interface QrCodeProps {
  /** The text to encode (a `wc:` pairing URI). */
  value: string;
  /** Accessible name of the image, e.g. "WalletConnect QR code". */
  label: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
}

/** The dark modules of a QR symbol as one SVG path (one `h1v1h-1z` square per module). */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  let path = '';
  matrix.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return path;
}

/**
 * A QR code drawn as inline SVG from the encoder's module matrix (medium error correction,
 * 4-module quiet zone): no canvas, no `innerHTML`, so it works under a strict CSP and scales
 * crisply. Dark modules follow the text colour token on a fixed white ground for scanners.
 */
export function QrCode({ value, label, size = 264 }: QrCodeProps) {
  const matrix = useMemo(() => encodeQR(value, 'raw', { ecc: 'medium', border: 4 }), [value]);
  const modules = matrix.length;
  return (
    <svg
      className="pt-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
