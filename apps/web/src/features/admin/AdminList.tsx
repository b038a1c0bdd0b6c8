/**
 * The shape the admins' lists share (Accounts, Servers): an error banner with a retry when the list could
 * not be read, a placeholder while it loads, a card saying why it is empty, and otherwise the list itself.
 */
import type { ReactNode } from 'react';
import { ErrorBanner } from '../../components/EmptyState';

interface AdminListProps<T> {
  /** The list as read; undefined while it loads. */
  items: readonly T[] | undefined;
  /** Set when reading it failed: the banner's text and how to read it again. */
  failed: { message: string; retry: () => void } | null;
  /** What the empty card shows: an icon (h-8 w-8, its colour), a title and a hint. */
  empty: { icon: ReactNode; title: string; hint: string };
  /** The list's accessible name. */
  label: string;
  /** One `<li>` per item. */
  row: (item: T) => ReactNode;
}

export function AdminList<T>({ items, failed, empty, label, row }: AdminListProps<T>) {
  if (failed) return <ErrorBanner message={failed.message} onRetry={failed.retry} />;
  if (!items) return <div className="card h-40 skeleton" aria-busy="true" />;
  if (items.length === 0)
    return (
      <div className="card flex flex-col items-center gap-2 px-6 py-12 text-center">
        {empty.icon}
        <p className="font-semibold">{empty.title}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{empty.hint}</p>
      </div>
    );
  return (
    <ul className="card divide-y divide-slate-100 dark:divide-slate-700/60" aria-label={label}>
      {items.map(row)}
    </ul>
  );
}
