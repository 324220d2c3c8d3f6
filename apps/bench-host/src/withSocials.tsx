import { mountWith } from './withPlugins';

// The minimal host plus social login, listed as lazy plugins through their `/plugin` entries
// with the e-mail plugin whose wallet frame it signs in through: what they add to the first load
// (#16: nothing of their own; the brand marks come with the manifest when the plugin loads).
mountWith([
  () => import('@portico/plugin-email/plugin').then((m) => m.createEmailPlugin({ frameUrl: 'https://wallet.portico.example' })),
  () => import('@portico/plugin-socials/plugin').then((m) => m.socialsPlugin),
]);
