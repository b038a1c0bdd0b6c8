/** An avatar inside a story ring: brand gradient while something is new, grey once everything was watched. */
import type { ReactNode } from 'react';

export function StoryRing({ unviewed, children, className = '' }: { unviewed: boolean; children: ReactNode; className?: string }) {
  return (
    <span
      data-unviewed={unviewed}
      className={`inline-flex rounded-full p-[2.5px] ${unviewed ? 'bg-linear-to-tr from-amber-400 via-brand-accent to-brand-primary' : 'bg-slate-300 dark:bg-slate-600'} ${className}`}
    >
      <span className="inline-flex rounded-full bg-white p-[2.5px] dark:bg-brand-surface-dark">{children}</span>
    </span>
  );
}
