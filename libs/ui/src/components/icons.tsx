import type { SVGProps } from 'react';

const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/** ✕ */
export const CloseIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

/** ‹ — mirrored in RTL by its `pt-flip` class. */
export const BackIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="pt-flip" {...props}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);

/** Copy. */
export const CopyIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);

/** Wallet. */
export const WalletIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M3 7a2 2 0 0 1 2-2h13v4" />
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M16 13.5h.01" />
  </svg>
);

/** Mail. */
export const MailIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);

/** Grid (all wallets). */
export const GridIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </svg>
);

/** Send: an arrow leaving up and right. */
export const SendIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M7 17 17 7M8 7h9v9" />
  </svg>
);

/** Receive: an arrow into a tray. */
export const ReceiveIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M12 3v12m-5-5 5 5 5-5M4 21h16" />
  </svg>
);

/** Swap: two opposite arrows. */
export const SwapIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <path d="M7 4 3 8l4 4M3 8h14M17 12l4 4-4 4m4-4H7" />
  </svg>
);

/** Buy: a dollar sign in a circle. */
export const BuyIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6.5v11" />
  </svg>
);

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
  copy: CopyIcon,
  close: CloseIcon,
};
