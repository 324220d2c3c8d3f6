import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/**
 * The Bip122 chain plugin. Its manifest already provides the namespace, connector groups and
 * RPC policy; the chain adapter (discovery, connect, balances, signing) arrives with its issue.
 */
export const chainBip122Plugin = definePlugin({ manifest });
