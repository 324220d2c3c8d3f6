import { mountWith } from './withPlugins';

// The minimal host plus e-mail login (the AUTH connector), listed as a lazy plugin through its
// `/plugin` entry: what it adds to the first load (#15: nothing of its own; the frame, its
// protocol and the views load when the plugin does, and the frame when it is first used).
mountWith([() => import('@portico/plugin-email/plugin').then((m) => m.createEmailPlugin({ frameUrl: 'https://wallet.portico.example' }))]);
