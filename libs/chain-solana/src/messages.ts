/** The manifest's labels in English, word for word (a test keeps them equal): the namespace's name, and the NFT tab's on eip155 and Solana. */
export const en = {
  'namespace.solana': 'Solana',
  'accountTabs.solana-nfts': 'NFTs',
};

/**
 * The labels in the modal's languages: `definePlugin({ messages })` loads this module
 * when the modal speaks another language than English, and the modal defines the catalogue. Plain
 * data (no `definePluginMessages` here): the loader in the plugin, which is on the page's first
 * load, then names one chunk and no other.
 */
export const messages = {
  en,
  // Each translation is a module of its own, loaded once its language is in use.
  locales: {
    ar: () => import('./locales/ar'),
    de: () => import('./locales/de'),
    es: () => import('./locales/es'),
    fa: () => import('./locales/fa'),
    fr: () => import('./locales/fr'),
    he: () => import('./locales/he'),
    ja: () => import('./locales/ja'),
    ko: () => import('./locales/ko'),
    pt: () => import('./locales/pt'),
    ru: () => import('./locales/ru'),
    tr: () => import('./locales/tr'),
    'zh-CN': () => import('./locales/zh-CN'),
    'zh-TW': () => import('./locales/zh-TW'),
  },
};
