/** Asks before a story is deleted for good. */
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export function DeleteStoryConfirm({ deleting, onCancel, onConfirm }: { deleting: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('stories');
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center bg-black/60 p-6">
      <div
        role="alertdialog"
        aria-labelledby="delete-story-title"
        aria-describedby="delete-story-text"
        className="card w-full max-w-xs p-5 text-center"
      >
        <div className="mx-auto mb-3 flex h-11 w-11 items-center justify-center rounded-full bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-400">
          <Trash2 className="h-5 w-5" />
        </div>
        <h2 id="delete-story-title" className="font-semibold">
          {t('deleteTitle')}
        </h2>
        <p id="delete-story-text" className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {t('deleteText')}
        </p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            {t('deleteConfirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
