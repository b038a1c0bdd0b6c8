/** Settings → Your data: a copy of everything as a zip, and deleting the account. */
import { Download, FileArchive, Trash2 } from 'lucide-react';
import './preferences-catalog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { dateAndTime } from '../../lib/dates';
import { resetAuth } from '../auth';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { failureMessage } from './failure';
import { useLatestExportQuery, useStartExportMutation } from './lifecycle-api';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';

function ExportSection() {
  const { t } = useTranslation('preferences');
  const [polling, setPolling] = useState(false);
  const { data: latest, isLoading, isError, refetch } = useLatestExportQuery(undefined, { pollingInterval: polling ? 1500 : 0 });
  const [startExport, { isLoading: starting }] = useStartExportMutation();
  const pending = latest?.status === 'pending';
  if (pending !== polling) setPolling(pending);

  const start = async () => {
    try {
      await startExport().unwrap();
    } catch (failure) {
      toast.error(failureMessage(failure, t('data.startFailed')));
    }
  };

  return (
    <section className="card p-6" aria-labelledby="export-title">
      <div className="flex items-start gap-4">
        <div className="hidden rounded-xl bg-brand-primary/10 p-3 text-brand-primary sm:block dark:text-indigo-300">
          <FileArchive className="h-6 w-6" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id="export-title" className="text-lg font-semibold">
              {t('data.title')}
            </h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('data.text')}</p>
          </div>
          {isError && <ErrorBanner message={t('data.loadFailed')} onRetry={() => void refetch()} />}
          {pending && (
            <div role="status" aria-live="polite" className="space-y-2">
              <p className="text-sm font-medium">{t('data.preparing')}</p>
              <div className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full motion-reduce:animate-none bg-brand-primary" />
              </div>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('data.leave')}</p>
            </div>
          )}
          {latest?.status === 'ready' && latest.url && (
            <div
              role="status"
              className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40"
            >
              <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">{t('data.ready')}</p>
              <a
                href={latest.url}
                download
                className="inline-flex items-center gap-2 rounded-xl bg-emerald-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-700"
              >
                <Download className="h-4 w-4" aria-hidden="true" /> {t('data.download')}
              </a>
              {latest.expiresAt && (
                <p className="text-xs text-emerald-800 dark:text-emerald-200">
                  {t('data.prepared', { at: dateAndTime(latest.createdAt), until: dateAndTime(latest.expiresAt) })}
                </p>
              )}
            </div>
          )}
          {latest?.status === 'failed' && <ErrorBanner message={t('data.failed')} />}
          {!pending && !isLoading && (
            <Button variant={latest?.status === 'ready' ? 'secondary' : 'primary'} loading={starting} onClick={() => void start()}>
              {latest ? t('data.again') : t('data.prepare')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

export default function DataSettingsPage() {
  const { t } = useTranslation('preferences');
  useDocumentTitle(t('data.pageTitle'));
  const [confirming, setConfirming] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const deleted = () => {
    dispatch(resetAuth());
    toast.success(t('delete.done'));
    void navigate('/auth/login', { replace: true });
  };

  return (
    <div className="space-y-6">
      <ExportSection />
      <section className="card border border-rose-200 p-6 dark:border-rose-900/70" aria-labelledby="delete-title">
        <h2 id="delete-title" className="text-lg font-semibold text-rose-700 dark:text-rose-300">
          {t('delete.title')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-500 dark:text-slate-400">{t('delete.text')}</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> {t('delete.open')}
        </Button>
      </section>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={deleted} />
    </div>
  );
}
