import { definePlugin } from '../src/manifest/definePlugin';

/**
 * `@portico/kernel/testing`: what a plugin's tests need in place of the React modal. The
 * shell contributes the views the kernel routes to by role, `Connect` (home), `Connecting`
 * (connecting) and `ApproveTransaction` (approval), with no loaders: enough for the router and the request
 * gate, nothing to render.
 */
export const shellPlugin = definePlugin({
  manifest: {
    id: 'test-shell',
    version: '1.0.0',
    kernel: '*',
    contributes: {
      views: [
        { id: 'Connect', title: 'Connect', role: 'home' },
        { id: 'Connecting', title: 'Connecting', role: 'connecting' },
        { id: 'ApproveTransaction', title: 'Approve', role: 'approval', closable: false },
      ],
    },
  },
});
