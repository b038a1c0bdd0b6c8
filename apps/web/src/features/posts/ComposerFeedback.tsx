/** What the composer tells its author as they write: what went wrong, how far the upload is, how many characters are left. */
import { useTranslation } from 'react-i18next';

export function ComposerProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul
      role="alert"
      className="mt-3 space-y-1 rounded-xl border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-200"
    >
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/** The upload's share done, from 0 to 1. */
export function UploadProgress({ progress }: { progress: number }) {
  const { t } = useTranslation('feed');
  return (
    <div
      role="progressbar"
      aria-label={t('composer.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className="mt-3 h-1.5 overflow-hidden rounded-full skeleton"
    >
      <div className="h-full bg-brand-primary transition-all" style={{ width: `${Math.max(4, progress * 100)}%` }} />
    </div>
  );
}

export function CharacterCount({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation('feed');
  const tooLong = length > max;
  const color = tooLong
    ? 'text-rose-600 dark:text-rose-400'
    : length > max * 0.9
      ? 'text-amber-700 dark:text-amber-400'
      : 'text-slate-600 dark:text-slate-400';
  return (
    <>
      {/* The count is read with the field, not on every keystroke; only going over the limit is announced. */}
      <span className={`text-xs tabular-nums ${color}`}>{`${length}/${max}`}</span>
      <span role="status" className="sr-only">
        {tooLong ? t('composer.tooLong', { count: max }) : ''}
      </span>
    </>
  );
}
