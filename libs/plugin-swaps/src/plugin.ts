import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/**
 * The Swaps plugin. Its manifest already places it in the modal (order, flag, views);
 * view implementations arrive with the feature's own issue.
 */
export const swapsPlugin = definePlugin({ manifest });
