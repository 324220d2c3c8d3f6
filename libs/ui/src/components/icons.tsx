import { ChevronLeft, Copy, KeyRound, LayoutGrid, Mail, Wallet, X, type IconNode } from 'lucide';
import { createElement, type ReactElement, type SVGProps } from 'react';

// The icons are Lucide's (ISC), drawn from its icon nodes with the modal's stroke and size.
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/** An icon drawn by the modal. */
export type Icon = (props: SVGProps<SVGSVGElement>) => ReactElement;

/** An icon component from a Lucide icon node; `className` adds to the icon's own (BackIcon's `pt-flip`). */
export function lucideIcon(node: IconNode, ownClass?: string): Icon {
  const Icon = (props: SVGProps<SVGSVGElement>) => (
    <svg {...base} {...(ownClass ? { className: ownClass } : {})} {...props}>
      {node.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i }))}
    </svg>
  );
  return Icon;
}

/** ✕ */
export const CloseIcon = lucideIcon(X);
/** ‹ — mirrored in RTL by its `pt-flip` class. */
export const BackIcon = lucideIcon(ChevronLeft, 'pt-flip');
/** Copy. */
export const CopyIcon = lucideIcon(Copy);
/** Wallet. */
export const WalletIcon = lucideIcon(Wallet);
/** E-mail. */
export const MailIcon = lucideIcon(Mail);
/** Grid (all wallets). */
export const GridIcon = lucideIcon(LayoutGrid);
/** Permissions: a key. */
export const KeyIcon = lucideIcon(KeyRound);

/**
 * The icons the Connect view draws by name (a connect method's or a social provider's `icon`):
 * `NAMED_ICONS` without the Account view's actions (send, receive, swap, buy), which the modal's
 * first chunk does not carry (#41).
 */
export const CONNECT_ICONS: Readonly<Record<string, Icon>> = { wallet: WalletIcon, mail: MailIcon, key: KeyIcon, copy: CopyIcon, close: CloseIcon };
