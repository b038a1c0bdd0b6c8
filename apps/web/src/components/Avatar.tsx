/** A user's picture, or the first letter of their name on a colour derived from it. */
const COLORS = [
  'bg-indigo-500',
  'bg-pink-500',
  'bg-teal-500',
  'bg-amber-500',
  'bg-violet-500',
  'bg-rose-500',
  'bg-sky-500',
  'bg-emerald-500',
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
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

export function Avatar({ name, src, size = 'md', className = '' }: AvatarProps) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const color = COLORS[[...name].reduce((n, c) => n + c.charCodeAt(0), 0) % COLORS.length];
  if (src) {
    return <img src={src} alt={name} loading="lazy" className={`${SIZES[size]} shrink-0 rounded-full object-cover ${className}`} />;
  }
  return (
    <span
      aria-label={name}
      role="img"
      className={`${SIZES[size]} ${color} inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  );
}
