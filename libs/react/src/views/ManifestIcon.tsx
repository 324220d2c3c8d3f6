import { Avatar, CONNECT_ICONS, type Icon } from '@portico/ui';

/**
 * An icon as a manifest gives it (`walletButtons[].icon`, `socialProviders[].icon`): a name from
 * `icons` (`@portico/ui`'s `CONNECT_ICONS` unless the view passes another set: the Account view
 * passes `NAMED_ICONS` for its actions), or an image URL (shown only when `https:` or
 * `data:image/`, by `Avatar`); otherwise the initial of `name`.
 */
export function ManifestIcon({ icon, name, size = 36, icons = CONNECT_ICONS }: { icon: string | undefined; name: string; size?: number; icons?: Readonly<Record<string, Icon>> }) {
  const Named = icon !== undefined && Object.hasOwn(icons, icon) ? icons[icon] : undefined;
  if (!Named) return <Avatar src={icon} name={name} size={size} />;
  return (
    <span className="pt-avatar" aria-hidden="true" data-icon={icon} style={{ width: size, height: size }}>
      <Named width={Math.round(size / 2)} height={Math.round(size / 2)} />
    </span>
  );
}
