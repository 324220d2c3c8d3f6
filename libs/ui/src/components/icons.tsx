import { ArrowDownToLine, ArrowLeftRight, ArrowUpRight, ChevronLeft, CircleDollarSign, Copy, KeyRound, LayoutGrid, Mail, Wallet, X, type IconNode } from 'lucide';
import { createElement, type SVGProps } from 'react';

// The icons are Lucide's (ISC), drawn from its icon nodes with the modal's stroke and size.
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/** An icon component from a Lucide icon node; `className` adds to the icon's own (BackIcon's `pt-flip`). */
function lucideIcon(node: IconNode, ownClass?: string) {
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
/** Send: an arrow leaving up and right. */
export const SendIcon = lucideIcon(ArrowUpRight);
/** Receive: an arrow into a tray. */
export const ReceiveIcon = lucideIcon(ArrowDownToLine);
/** Swap: two opposite arrows. */
export const SwapIcon = lucideIcon(ArrowLeftRight);
/** Buy: a dollar sign in a circle. */
export const BuyIcon = lucideIcon(CircleDollarSign);
/** Permissions: a key. */
export const KeyIcon = lucideIcon(KeyRound);

/**
 * The icons a manifest may name (`walletButtons[].icon`, `socialProviders[].icon`), by name.
 * The names of AppKit's icon set that Portico's plugins use map to the nearest icon here.
 */
export const NAMED_ICONS: Readonly<Record<string, (props: SVGProps<SVGSVGElement>) => ReturnType<typeof CloseIcon>>> = {
  send: SendIcon,
  'arrow-bottom-circle': ReceiveIcon,
  receive: ReceiveIcon,
  'recycle-horizontal': SwapIcon,
  swap: SwapIcon,
  dollar: BuyIcon,
  buy: BuyIcon,
  wallet: WalletIcon,
  mail: MailIcon,
  key: KeyIcon,
  copy: CopyIcon,
  close: CloseIcon,
};
