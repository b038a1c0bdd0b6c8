/** Report something to the moderators: a reason, and a few words if the reason needs them. */
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason, type ReportTargetType } from '@plaza/contract';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { useCreateReportMutation } from './api';
import { useTranslation } from 'react-i18next';
import './safety-catalog';

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useTranslation('safety');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [report, { isLoading }] = useCreateReportMutation();

  function close() {
    if (isLoading) return;
    setReason(null);
    setText('');
    onClose();
  }

  async function submit() {
    if (!target || !reason) return;
    const result = await report({ targetType: target.type, targetId: target.id, reason, text: text.trim() || undefined });
    if ('error' in result) {
      toast.error(errorText(result.error, t('report.failed')));
      return;
    }
    toast.success(t('report.sent'));
    close();
  }

  return (
    <Dialog open={target !== null} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="card max-h-[92dvh] w-full max-w-md overflow-y-auto rounded-b-none p-5 sm:rounded-2xl sm:p-6">
          <DialogTitle className="flex items-center gap-2 text-lg font-semibold">
            <Flag className="h-5 w-5 text-rose-500" /> {t(`report.title.${target?.type ?? 'user'}`)}
          </DialogTitle>
          <Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t(target?.type === 'user' ? 'report.whoSeesPerson' : 'report.whoSees')}
          </Description>
          <fieldset className="mt-4 space-y-2">
            <legend className="sr-only">{t('report.reason')}</legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 transition ${reason === r ? 'border-brand-primary bg-brand-primary/5 dark:bg-brand-primary/15' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-700/40'}`}
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="mt-1 accent-indigo-600"
                />
                <span>
                  <span className="block text-sm font-semibold">{t(`report.reasons.${r}`)}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{t(`report.reasons.${r}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="mt-4 block text-sm font-medium" htmlFor="report-text">
            {t('report.details')} <span className="font-normal text-slate-500">{t('report.optional')}</span>
          </label>
          <textarea
            id="report-text"
            value={text}
            maxLength={REPORT_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            className="mt-1 w-full resize-none rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm focus:border-brand-primary focus:outline-none dark:border-slate-700 dark:bg-slate-800"
            placeholder={t('report.placeholder')}
          />
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={isLoading}>
              {t('report.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void submit()} loading={isLoading} disabled={!reason}>
              {t('report.send')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
