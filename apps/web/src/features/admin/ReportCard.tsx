/** One report in the queue: what was reported, in context, who reported it and why, and the moderator's decision. */
import { MODERATION_ACTIONS, SUSPENDED_FOREVER, type AdminReport, type ModerationAction } from '@plaza/contract';
import { Flag, MessageSquareQuote } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { VideoNotReady } from '../../components/VideoNotReady';
import { compactAge, exactTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useResolveReportMutation } from './api';
import { useTranslation } from 'react-i18next';
import './admin-catalog';
import type { TFunction } from 'i18next';

const REASON_TONE: Record<AdminReport['reason'], string> = {
  spam: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  harassment: 'bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-200',
  nudity: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-500/20 dark:text-fuchsia-200',
  violence: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
  other: 'bg-slate-200 text-slate-700 dark:bg-slate-600/50 dark:text-slate-200',
};

export const untilText = (t: TFunction<'admin'>, until: string) =>
  until >= SUSPENDED_FOREVER ? t('report.forGood') : t('report.until', { time: exactTime(until) });

function Target({ report }: { report: AdminReport }) {
  const { t: tr } = useTranslation('admin');
  const t = report.target;
  if (!t)
    return (
      <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-500 italic dark:bg-slate-800 dark:text-slate-400">
        {tr('report.gone', { type: tr(`typeNames.${report.targetType}`) })}
      </p>
    );
  return (
    <div className="space-y-2">
      {t.context.length > 0 && (
        <ol aria-label={tr('report.context')} className="space-y-1 border-s-2 border-slate-200 ps-3 dark:border-slate-700">
          {t.context.map((c) => (
            <li key={c._id} className="text-sm text-slate-500 dark:text-slate-400">
              <span className="font-semibold text-slate-600 dark:text-slate-300">@{c.author}</span> {c.text}
            </li>
          ))}
        </ol>
      )}
      <div className="rounded-xl border border-rose-200 bg-rose-50/60 p-3 dark:border-rose-500/30 dark:bg-rose-500/10">
        <div className="flex items-center gap-2">
          <Avatar name={t.author.fullName} id={t.author._id} src={t.author.userImage} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              {t.author.fullName} <span className="font-normal text-slate-500 dark:text-slate-400">@{t.author.userName}</span>
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {tr(report.targetType === 'user' ? 'report.joined' : 'report.posted')}{' '}
              <time title={exactTime(t.createdAt)}>{compactAge(t.createdAt)}</time>
              {t.authorSuspendedUntil && (
                <span className="ms-2 font-semibold text-rose-600 dark:text-rose-300">
                  {tr('report.suspended', { until: untilText(tr, t.authorSuspendedUntil) })}
                </span>
              )}
            </p>
          </div>
        </div>
        {t.text && <p className="mt-2 text-sm whitespace-pre-line break-words">{t.text}</p>}
        {t.media.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {t.media.map((m) =>
              m.status ? (
                // Not playable yet (or ever): its URL answers nothing, so nothing is fetched.
                <VideoNotReady key={m.url} status={m.status} className="h-28 w-48 rounded-lg" />
              ) : m.type === 'video' ? (
                <video key={m.url} src={m.url} className="h-28 rounded-lg" controls muted />
              ) : (
                <img key={m.url} src={m.url} alt="" className="h-28 rounded-lg object-cover" />
              ),
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation('admin');
  return (
    <article aria-label={t('report.label', { type: t(`typeNames.${report.targetType}`) })} className="card space-y-3 p-4">
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${REASON_TONE[report.reason]}`}>
          {t(`reasons.${report.reason}`)}
        </span>
        <span className="font-semibold">{report.targetType === 'user' ? t('report.profile') : t(`types.${report.targetType}`)}</span>
        <span className="text-slate-500 dark:text-slate-400">
          {report.reporter ? t('report.reportedBy', { name: report.reporter.userName }) : t('report.reportedByDeleted')} ·{' '}
          <time title={exactTime(report.createdAt)}>{compactAge(report.createdAt)}</time>
        </span>
      </header>
      {report.text && (
        <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-200">
          <MessageSquareQuote className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" /> “{report.text}”
        </p>
      )}
      <Target report={report} />
      {report.status === 'open' ? <DecisionForm report={report} /> : report.resolution && <Resolution resolution={report.resolution} />}
    </article>
  );
}

/** The moderator's decision on an open report: an action, the days of a suspension, and the reason the person is told. */
function DecisionForm({ report }: { report: AdminReport }) {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [resolve, { isLoading }] = useResolveReportMutation();
  const canRemove = report.targetType !== 'user';

  async function submit() {
    const forGood = days.trim() === '';
    const body = {
      reportId: report._id,
      action,
      reason: reason.trim(),
      ...(action === 'suspend' && !forGood ? { days: Number(days) } : {}),
    };
    const result = await resolve(body);
    if ('error' in result) toast.error(errorText(result.error, t('report.failed')));
    else toast.success(t('report.resolved'));
  }

  return (
    <form
      className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div role="radiogroup" aria-label={t('report.decision')} className="flex flex-wrap gap-2">
        {MODERATION_ACTIONS.filter((a) => a !== 'remove' || canRemove).map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={action === a}
            onClick={() => setAction(a)}
            className={`rounded-xl px-3 py-1.5 text-sm font-semibold transition ${action === a ? (a === 'dismiss' ? 'bg-slate-700 text-white dark:bg-slate-200 dark:text-slate-900' : 'bg-rose-600 text-white') : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-200 dark:hover:bg-slate-600'}`}
          >
            {t(`report.actions.${a}`)}
          </button>
        ))}
      </div>
      {action === 'suspend' && (
        <label className="flex items-center gap-2 text-sm">
          {t('report.days')}
          <input
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            placeholder={t('report.daysPlaceholder')}
            className="w-28 rounded-lg border border-slate-200 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-800"
          />
          <span className="text-slate-500 dark:text-slate-400">{t('report.daysHint')}</span>
        </label>
      )}
      <label className="block text-sm font-medium">
        {t('report.reason')}{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          {t(action === 'remove' ? 'report.reasonHintRemove' : 'report.reasonHint')}
        </span>
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={2}
          maxLength={500}
          required
          className="mt-1 w-full resize-none rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-normal focus:border-brand-primary focus:outline-none dark:border-slate-700 dark:bg-slate-800"
        />
      </label>
      <div className="flex justify-end">
        <Button type="submit" variant={action === 'dismiss' ? 'primary' : 'danger'} loading={isLoading} disabled={!reason.trim()}>
          {t(`report.actions.${action}`)}
        </Button>
      </div>
    </form>
  );
}

/** What was decided on a report already handled, and by whom. */
function Resolution({ resolution }: { resolution: NonNullable<AdminReport['resolution']> }) {
  const { t } = useTranslation('admin');
  return (
    <p className="flex items-center gap-2 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
      <Flag className="h-4 w-4" />{' '}
      {resolution.moderator
        ? t('report.resolvedBy', {
            action: t(`report.actions.${resolution.action}`),
            name: resolution.moderator.userName,
            reason: resolution.reason,
          })
        : t('report.resolvedByModerator', {
            action: t(`report.actions.${resolution.action}`),
            reason: resolution.reason,
          })}
    </p>
  );
}
