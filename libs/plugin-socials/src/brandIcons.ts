import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX, type SimpleIcon } from 'simple-icons';

/**
 * A brand mark from Simple Icons (CC0; the marks stay their owners' trademarks, used here to
 * name the sign-in they stand for) as a `data:image/svg+xml` URL: the mark in its brand colour
 * on a white rounded tile, so the black marks (X, GitHub, Apple) read in the dark theme too.
 */
export function brandIcon(icon: Pick<SimpleIcon, 'hex' | 'path'>): string {
  if (!/^[0-9A-Fa-f]{6}$/.test(icon.hex) || !/^[-0-9MmLlHhVvCcSsQqTtAaZz.,\s]+$/.test(icon.path)) throw new TypeError('not a Simple Icons mark');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 36 36">' +
    '<rect x="-6" y="-6" width="36" height="36" rx="8" fill="#fff"/>' +
    `<path fill="#${icon.hex}" d="${icon.path}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Each social provider's mark, by provider id. */
export const SOCIAL_ICONS = {
  google: brandIcon(siGoogle),
  x: brandIcon(siX),
  discord: brandIcon(siDiscord),
  farcaster: brandIcon(siFarcaster),
  github: brandIcon(siGithub),
  apple: brandIcon(siApple),
  facebook: brandIcon(siFacebook),
} as const;
