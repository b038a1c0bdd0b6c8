/**
 * A group's picture: its photo, or one made from its members — the initials of the first two others on the
 * group's own colour — so groups tell apart in the list before anyone sets a photo.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarColor } from '../../components/Avatar';

const SIZES = {
  sm: 'h-9 w-9 text-[11px]',
  md: 'h-11 w-11 text-xs',
  lg: 'h-16 w-16 text-lg',
} as const;

const initialOf = (name: string) => (name.trim()[0] ?? '').toUpperCase();

/** Up to two initials: the first two members' names, or the group's own name when it has nobody else. */
export function groupInitials(name: string, memberNames: readonly string[]): string {
  const letters = memberNames.map(initialOf).filter(Boolean).slice(0, 2).join('');
  return letters || initialOf(name) || '?';
}

export interface GroupAvatarProps {
  id: string;
  name: string;
  photo: string | null;
  /** The names of the members other than the viewer, in the group's order. */
  memberNames: readonly string[];
  size?: keyof typeof SIZES;
  /** Inside a control that already names the group: hidden from assistive technology. */
  decorative?: boolean;
}

export function GroupAvatar({ id, name, photo, memberNames, size = 'md', decorative = false }: GroupAvatarProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const label = decorative ? undefined : t('ui.groupPicture', { name });
  if (photo && failed !== photo) {
    return (
      <img
        src={photo}
        alt={label ?? ''}
        aria-hidden={decorative || undefined}
        onError={() => setFailed(photo)}
        className={`${SIZES[size]} shrink-0 rounded-2xl bg-slate-200 object-cover dark:bg-slate-700`}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative || undefined}
      className={`${SIZES[size]} ${avatarColor(id)} inline-flex shrink-0 items-center justify-center rounded-2xl font-bold tracking-tight text-white select-none`}
    >
      {groupInitials(name, memberNames)}
    </span>
  );
}
