import { createContext, useContext, useEffect, useState } from 'react';
import { safeImageUrl } from './safeImageUrl';

/** The spec's image preload timeout. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000;

/**
 * `true` while the avatars below are rendered ahead of being shown (the modal's dialog prepared
 * before a click, hidden): an image from the network is not requested until then (a `data:`
 * image, which costs no request, is drawn), so a visitor who never opens the modal fetches nothing.
 */
export const HoldNetworkImages = createContext(false);

/** Props of `Avatar`. */
export interface AvatarProps {
  /** Untrusted URL; only `data:image/…` and `https:` are shown. */
  src?: string | undefined;
  /** Used for the placeholder initial; the image itself is decorative. */
  name: string;
  size?: number;
  /**
   * An account's address: without an image it draws a gradient made from the address (the
   * same address, the same picture) instead of an initial, as wallets do for accounts.
   */
  seed?: string | undefined;
}

/** Five colours from a string: its hex digits when it is a hex address, else an FNV-1a hash of it. */
function seedColors(seed: string): string[] {
  const hex = /^0x[0-9a-f]{30,}$/i.test(seed) ? seed.slice(2) : '';
  const colors: string[] = [];
  let hash = 0x811c9dc5;
  for (let i = 0; i < 5; i++) {
    if (hex) colors.push(`#${hex.slice(i * 6, i * 6 + 6).padEnd(6, '0')}`);
    else {
      for (const char of `${seed}#${i}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
      colors.push(`#${(hash & 0xffffff).toString(16).padStart(6, '0')}`);
    }
  }
  return colors;
}

/** The gradient `Avatar` draws for an address. */
export function addressGradient(seed: string): string {
  const [a, b, c, d, e] = seedColors(seed);
  return `radial-gradient(75% 75% at 65% 25%, #fff 1%, ${a} 31%, ${b} 52%, ${c} 66%, ${d} 82%, ${e} 100%)`;
}

/**
 * A wallet or token image with a placeholder (the name's initial, or an address's gradient)
 * when the URL is unsafe, fails to load, or takes longer than 2 s.
 */
export function Avatar({ src, name, size = 36, seed }: AvatarProps) {
  const safe = safeImageUrl(src);
  const url = useContext(HoldNetworkImages) && !safe?.startsWith('data:') ? undefined : safe;
  // The outcome is stored with the URL it belongs to, so a new URL starts as loading.
  const [result, setResult] = useState<{ url: string; ok: boolean }>();
  const state = !url ? 'failed' : result?.url === url ? (result.ok ? 'ok' : 'failed') : 'loading';

  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => setResult((r) => (r?.url === url ? r : { url, ok: false })), IMAGE_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url]);

  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const showImage = url && state !== 'failed';
  return (
    <span
      className="pt-avatar"
      style={{ width: size, height: size, fontSize: size * 0.42, ...(seed && !showImage ? { background: addressGradient(seed) } : {}) }}
      data-seeded={seed && !showImage ? 'true' : undefined}
      aria-hidden="true"
    >
      {showImage ? (
        <img
          src={url}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          loading="lazy"
          onLoad={() => url && setResult({ url, ok: true })}
          onError={() => url && setResult({ url, ok: false })}
          style={state === 'loading' ? { opacity: 0 } : undefined}
        />
      ) : seed ? null : (
        initial
      )}
    </span>
  );
}
