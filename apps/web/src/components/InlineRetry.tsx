import { useTranslation } from 'react-i18next';

/** A side card's failure, quieter than ErrorBanner: the words, then "Try again" inline. */
export function InlineRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {message}{' '}
      <button className="font-semibold text-brand-primary underline-offset-2 hover:underline dark:text-indigo-300" onClick={onRetry}>
        {t('ui.tryAgain')}
      </button>
    </p>
  );
}
