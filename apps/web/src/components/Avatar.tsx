/**
 * A user's picture, or the first letter of their name on a colour of their own: one or the other, never
 * both (a picture that fails to load gives way to the letter). The colour comes from the user's id, so it
 * stays when they rename.
 */
import { useState } from 'react';

const COLORS = [
  'bg-indigo-600',
  'bg-pink-600',
  'bg-teal-700',
  'bg-amber-700',
  'bg-violet-600',
  'bg-rose-600',
  'bg-sky-700',
  'bg-emerald-700',
];

const SIZES = {
  xs: 'h-7 w-7 text-xs',
  sm: 'h-9 w-9 text-sm',
  md: 'h-11 w-11 text-base',
  lg: 'h-16 w-16 text-xl',
  xl: 'h-28 w-28 text-4xl',
} as const;

export interface AvatarProps {
  name: string;
  /** Whose avatar: the user's id, which picks the colour. */
  id: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
  /** Inside a control that already names the person (a story bubble, a chat row): hidden from assistive technology. */
  decorative?: boolean;
}

/** The same colour for the same id, wherever it shows. */
export function avatarColor(id: string): string {
  let hash = 0;
  for (const c of id) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

export function Avatar({ name, id, src, size = 'md', className = '', decorative = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        aria-hidden={decorative || undefined}
        loading="lazy"
        onError={() => setFailed(src)}
        className={`${SIZES[size]} shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700 ${className}`}
      />
    );
  }
  return (
    <span
      aria-label={decorative ? undefined : name}
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative || undefined}
      className={`${SIZES[size]} ${avatarColor(id)} inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  );
}
