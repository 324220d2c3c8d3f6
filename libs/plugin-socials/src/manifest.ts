import { defineManifest } from '@portico/kernel';
import { SOCIAL_ICONS } from './brandIcons';
import { version } from '../package.json';

/** Manifest of the Social login plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'socials',
  version,
  kernel: '^0.1.0',
  displayName: 'Social login',
  featureFlag: { id: 'socials', default: true, description: 'Social-account login.' },
  contributes: {
    // The providers below are the method's choices: the Connect view opens SocialConnecting with `{ option: <provider id> }`.
    connectMethods: [{ id: 'social', label: 'Social', view: 'SocialConnecting', options: 'socialProviders', order: 20 }],
    views: [{ id: 'SocialConnecting', title: 'Connecting' }],
    socialProviders: [
      { id: 'google', label: 'Google', order: 10, icon: SOCIAL_ICONS.google },
      { id: 'x', label: 'X', order: 20, icon: SOCIAL_ICONS.x },
      { id: 'discord', label: 'Discord', order: 30, icon: SOCIAL_ICONS.discord },
      { id: 'farcaster', label: 'Farcaster', order: 40, icon: SOCIAL_ICONS.farcaster },
      { id: 'github', label: 'GitHub', order: 50, icon: SOCIAL_ICONS.github },
      { id: 'apple', label: 'Apple', order: 60, icon: SOCIAL_ICONS.apple },
      { id: 'facebook', label: 'Facebook', order: 70, icon: SOCIAL_ICONS.facebook },
    ],
  },
});
