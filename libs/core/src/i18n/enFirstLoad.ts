/**
 * The English a page shows before the modal's code has loaded: the buttons and the dialog that
 * stands in while the modal loads (or failed to). Part of `en`; the only part in the initial JS.
 */
export const enFirstLoad = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.network': 'Network',
  'button.unsupportedNetwork': 'Unsupported network',
  'view.loading': 'Loading',
  'view.loadFailed': 'This part of the modal failed to load.',
  'view.retry': 'Try again',
} as const;
