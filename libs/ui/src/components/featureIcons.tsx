import { ArrowDownToLine, ArrowLeftRight, ArrowUpRight, CircleDollarSign } from 'lucide';
import { CONNECT_ICONS, lucideIcon, type Icon } from './icons';

// The Account view's action icons, apart from the modal's own (icons.tsx): the Connect view, the
// first one shown, does not draw them, so the modal's first chunk does not carry them (#41).

/** Send: an arrow leaving up and right. */
export const SendIcon = lucideIcon(ArrowUpRight);
/** Receive: an arrow into a tray. */
export const ReceiveIcon = lucideIcon(ArrowDownToLine);
/** Swap: two opposite arrows. */
export const SwapIcon = lucideIcon(ArrowLeftRight);
/** Buy: a dollar sign in a circle. */
export const BuyIcon = lucideIcon(CircleDollarSign);

/**
 * The icons a manifest's wallet button may name (`walletButtons[].icon`), by name: the Account
 * view's actions and `CONNECT_ICONS` (the names a connect method or social provider may use).
 * The names of AppKit's icon set that Portico's plugins use map to the nearest icon here.
 */
export const NAMED_ICONS: Readonly<Record<string, Icon>> = {
  send: SendIcon,
  'arrow-bottom-circle': ReceiveIcon,
  receive: ReceiveIcon,
  'recycle-horizontal': SwapIcon,
  swap: SwapIcon,
  dollar: BuyIcon,
  buy: BuyIcon,
  ...CONNECT_ICONS,
};
