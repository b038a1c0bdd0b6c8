/** Who watched one of your stories, latest first, in a sheet over the story. */
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { CloseButton } from '../../components/CloseButton';
import { spelledAge } from '../../lib/dates';
import { useStoryViewersQuery, VIEWERS_FALLBACK } from './api';

export function ViewersSheet({ storyId, onClose }: { storyId: string; onClose: () => void }) {
  const { t } = useTranslation('stories');
  // Asked again on every opening: views keep coming in while the story is up.
  const { data, isFetching, isError, error, refetch } = useStoryViewersQuery(storyId, { refetchOnMountOrArgChange: true });
  const failed = isError && !isFetching;
  const viewers = failed ? undefined : data?.viewers;

  return (
    <div className="absolute inset-0 z-20 flex flex-col justify-end">
      <div className="absolute inset-0 bg-black/50" onClick={onClose} aria-hidden="true" />
      <section
        role="dialog"
        aria-label={t('viewers')}
        className="relative flex max-h-[70%] flex-col rounded-t-3xl bg-white text-slate-900 shadow-2xl dark:bg-brand-surface-dark dark:text-slate-100"
      >
        <div className="mx-auto mt-2.5 h-1 w-10 rounded-full bg-slate-300 dark:bg-slate-600" aria-hidden="true" />
        <header className="flex items-center gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <Eye className="h-5 w-5 text-brand-primary" />
          <h2 className="font-semibold">{t('viewers')}</h2>
          {viewers && <span className="text-sm text-slate-500 dark:text-slate-400">{viewers.length}</span>}
          <CloseButton label={t('closeViewers')} onClick={onClose} className="ms-auto dark:text-slate-400" />
        </header>
        <div className="overflow-y-auto px-2 py-2">
          {!viewers && !failed && (
            <ul aria-label={t('loadingViewers')} className="space-y-1">
              {[0, 1, 2].map((i) => (
                <li key={i} className="flex items-center gap-3 px-3 py-2">
                  <span className="h-9 w-9 animate-pulse rounded-full skeleton" />
                  <span className="h-3 w-32 animate-pulse rounded skeleton" />
                </li>
              ))}
            </ul>
          )}
          {failed && (
            <div role="alert" className="px-4 py-6 text-center text-sm">
              <p className="text-rose-600 dark:text-rose-400">{error?.message ?? VIEWERS_FALLBACK.message}</p>
              <button onClick={() => void refetch()} className="mt-2 font-semibold text-brand-primary underline-offset-2 hover:underline">
                {t('tryAgain')}
              </button>
            </div>
          )}
          {viewers?.length === 0 && <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('noViewers')}</p>}
          {viewers && viewers.length > 0 && (
            <ul aria-label={t('viewersList')}>
              {viewers.map(({ user, viewedAt }) => (
                <li key={user._id} className="flex items-center gap-3 rounded-xl px-3 py-2">
                  <Avatar name={user.fullName} id={user._id} src={user.userImage} size="sm" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold">{user.fullName}</p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">@{user.userName}</p>
                  </div>
                  <time dateTime={viewedAt} className="ms-auto shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {spelledAge(viewedAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
