import { Avatar, NAMED_ICONS } from '@portico/ui';

/**
 * An icon as a manifest gives it (`walletButtons[].icon`, `socialProviders[].icon`): a name
 * from `@portico/ui`'s `NAMED_ICONS`, or an image URL (shown only when `https:` or
 * `data:image/`, by `Avatar`); otherwise the initial of `name`.
 */
export function ManifestIcon({ icon, name, size = 36 }: { icon: string | undefined; name: string; size?: number }) {
  const Named = icon !== undefined && Object.hasOwn(NAMED_ICONS, icon) ? NAMED_ICONS[icon] : undefined;
  if (!Named) return <Avatar src={icon} name={name} size={size} />;
  return (
    <span className="pt-avatar" aria-hidden="true" data-icon={icon} style={{ width: size, height: size }}>
      <Named width={Math.round(size / 2)} height={Math.round(size / 2)} />
    </span>
  );
}
