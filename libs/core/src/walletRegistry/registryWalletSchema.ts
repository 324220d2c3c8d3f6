import * as z from 'zod/mini';

const text = z.optional(z.nullable(z.string().check(z.maxLength(2048))));

/**
 * One wallet entry as the explorer API sends it (snake_case). Field names follow `WcWallet`
 * in the public Reown AppKit source (`reown-com/appkit`,
 * `packages/controllers/src/utils/TypeUtil.ts`): id, name, homepage, image_id, image_url,
 * order, mobile_link, desktop_link, webapp_link, link_mode, app_store, play_store,
 * chrome_store, rdns, injected[{namespace, injected_id}], chains; plus the explorer's
 * `supports_wc`. Unknown fields are ignored; absent and `null` mean the same.
 */
export const registryWalletSchema = z.object({
  id: z.string().check(z.regex(/^[-_.:a-zA-Z0-9]{1,128}$/, 'Must be 1–128 letters, digits or -_.:')),
  name: z.string().check(z.refine((v) => v.trim().length > 0, 'Must not be empty'), z.maxLength(200)),
  homepage: text,
  image_id: text,
  image_url: z.optional(z.nullable(z.string().check(z.maxLength(65_536)))),
  order: z.optional(z.nullable(z.number().check(z.refine(Number.isFinite, 'Must be a finite number')))),
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
  link_mode: text,
  app_store: text,
  play_store: text,
  chrome_store: text,
  rdns: text,
  injected: z.optional(z.nullable(z.array(z.object({ namespace: z.optional(z.nullable(z.string())), injected_id: z.optional(z.nullable(z.string())) })))),
  supports_wc: z.optional(z.nullable(z.boolean())),
  chains: z.optional(z.nullable(z.array(z.string()))),
});

/** A wallet entry that passed `registryWalletSchema`, before normalisation. */
export type RawRegistryWallet = z.infer<typeof registryWalletSchema>;
