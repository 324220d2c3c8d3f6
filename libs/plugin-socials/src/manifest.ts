import { defineManifest } from '@portico/kernel';

/** Manifest of the Social login plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'socials',
  version: '0.1.0',
  kernel: '^0.1.0',
  displayName: 'Social login',
  featureFlag: { id: 'socials', default: true, description: 'Social-account login.' },
  contributes: {
    connectMethods: [{ id: 'social', label: 'Social', view: 'SocialConnecting', order: 20 }],
    views: [{ id: 'SocialConnecting', title: 'Connecting' }],
    socialProviders: [
      { id: 'google', label: 'Google', order: 10 },
      { id: 'x', label: 'X', order: 20 },
      { id: 'discord', label: 'Discord', order: 30 },
      { id: 'farcaster', label: 'Farcaster', order: 40 },
      { id: 'github', label: 'GitHub', order: 50 },
      { id: 'apple', label: 'Apple', order: 60 },
      { id: 'facebook', label: 'Facebook', order: 70 },
    ],
  },
});
