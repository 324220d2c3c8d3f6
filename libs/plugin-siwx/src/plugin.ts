import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/**
 * The Sign in with X plugin. Its manifest already places it in the modal (order, flag, views);
 * view implementations arrive with the feature's own issue.
 */
export const siwxPlugin = definePlugin({ manifest });
