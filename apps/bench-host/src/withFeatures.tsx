import { mountWith } from './withPlugins';

// The minimal host plus the account-data features (Activity, Send, Receive), enabled as lazy
// plugins (each a chunk loaded after start): what they add to the first load.
mountWith([
  () => import('@portico/plugin-history').then((m) => m.historyPlugin),
  () => import('@portico/plugin-send').then((m) => m.sendPlugin),
  () => import('@portico/plugin-receive').then((m) => m.receivePlugin),
]);
