import type { PluginDefinition } from '@portico/kernel';

/** What a plugin author writes as a manifest. */
type ManifestInput = PluginDefinition['manifest'];

/**
 * The labels a manifest gives the modal, by the key a catalogue translates them under, with
 * their English (the manifest's text): `views.<id>` (titles), `connectMethods.<id>`,
 * `walletButtons.<id>`, `accountTabs.<id>`, `alerts.<id>.title` and `.message`, and
 * `namespace.<id>` (a chain plugin's namespace name). What a plugin's catalogue
 * (`definePlugin({ messages })`) should hold in English, word for word, and translate.
 */
export function manifestLabels(manifest: ManifestInput): Record<string, string> {
  const c = manifest.contributes ?? {};
  return Object.fromEntries([
    ...(manifest.namespaces ?? []).map((n) => [`namespace.${n.id}`, n.name]),
    ...(c.views ?? []).map((v) => [`views.${v.id}`, v.title]),
    ...(c.connectMethods ?? []).map((m) => [`connectMethods.${m.id}`, m.label]),
    ...(c.walletButtons ?? []).map((b) => [`walletButtons.${b.id}`, b.label]),
    ...(c.accountTabs ?? []).map((t) => [`accountTabs.${t.id}`, t.label]),
    ...(c.alerts ?? []).flatMap((a) => [
      [`alerts.${a.id}.title`, a.title],
      [`alerts.${a.id}.message`, a.message],
    ]),
  ]);
}
