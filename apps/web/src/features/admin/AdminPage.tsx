/**
 * /admin: the moderators' screen. The report queue (open, then resolved) and, for admins, the accounts
 * waiting for a confirmed address, the other servers (and their blocks) and the audit log.
 * Anyone else gets the not-found page, as for any path that is not theirs; the server refuses them anyway.
 */
import type { Role } from '@plaza/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ErrorBanner } from '../../components/EmptyState';
import { NotFoundPage } from '../shell';
import { compactAge, exactTime } from '../../lib/dates';
import { useInstanceQuery, useMeQuery } from '../settings';
import { AccountsReview, NoMailNotice } from './AccountsReview';
import { InstancesReview } from './InstancesReview';
import { useAuditQuery, useReportsQuery } from './api';
import { ReportCard, untilText } from './ReportCard';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';
import './admin-catalog';

type Tab = 'open' | 'resolved' | 'accounts' | 'servers' | 'audit';

function Queue({ status }: { status: 'open' | 'resolved' }) {
  const { t } = useTranslation('admin');
  const reports = useReportsQuery(status, { refetchOnMountOrArgChange: true });
  if (reports.isError) return <ErrorBanner message={t('queue.failed')} onRetry={() => void reports.refetch()} />;
  if (!reports.data)
    return (
      <div className="space-y-3" aria-busy="true">
        <div className="card h-40 skeleton" />
        <div className="card h-40 skeleton" />
      </div>
    );
  if (reports.data.data.length === 0)
    return (
      <div className="card flex flex-col items-center gap-2 px-6 py-12 text-center">
        <ShieldCheck className="h-8 w-8 text-emerald-500" />
        <p className="font-semibold">{t(status === 'open' ? 'queue.emptyOpen' : 'queue.emptyResolved')}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t(status === 'open' ? 'queue.hintOpen' : 'queue.hintResolved')}</p>
      </div>
    );
  return (
    <div className="space-y-4">
      {reports.data.data.map((r) => (
        <ReportCard key={r._id} report={r} />
      ))}
    </div>
  );
}

function AuditLog() {
  const { t } = useTranslation('admin');
  const audit = useAuditQuery(undefined, { refetchOnMountOrArgChange: true });
  if (audit.isError) return <ErrorBanner message={t('audit.failed')} onRetry={() => void audit.refetch()} />;
  if (!audit.data) return <div className="card h-40 skeleton" aria-busy="true" />;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[36rem] text-start text-sm">
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th className="px-4 py-2.5">{t('audit.when')}</th>
            <th className="px-4 py-2.5">{t('audit.who')}</th>
            <th className="px-4 py-2.5">{t('audit.action')}</th>
            <th className="px-4 py-2.5">{t('audit.about')}</th>
            <th className="px-4 py-2.5">{t('audit.reason')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {audit.data.data.map((e) => (
            <tr key={e._id}>
              <td className="px-4 py-2.5 whitespace-nowrap text-slate-500 dark:text-slate-400">
                <time title={exactTime(e.createdAt)}>{compactAge(e.createdAt)}</time>
              </td>
              <td className="px-4 py-2.5">{e.moderator ? `@${e.moderator.userName}` : t('audit.commandLine')}</td>
              <td className="px-4 py-2.5 font-semibold">
                {t(`audit.actions.${e.action}`)}
                {e.action === 'suspend' && e.detail && (
                  <span className="block text-xs font-normal text-slate-500 normal-case dark:text-slate-400">{untilText(t, e.detail)}</span>
                )}
                {(e.action === 'grant' || e.action === 'revoke') && e.detail && (
                  <span className="block text-xs font-normal text-slate-500 normal-case dark:text-slate-400">→ {e.detail}</span>
                )}
              </td>
              <td className="px-4 py-2.5">
                <span>{t(`types.${e.targetType}`)}</span>
                {e.targetUser && (
                  <span className="text-slate-500 dark:text-slate-400">{t('audit.of', { name: e.targetUser.userName })}</span>
                )}
              </td>
              <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {audit.data.data.length === 0 && <p className="px-4 py-6 text-sm text-slate-500 dark:text-slate-400">{t('audit.none')}</p>}
    </div>
  );
}

const isStaff = (role: Role | undefined): role is 'moderator' | 'admin' => role === 'moderator' || role === 'admin';

export default function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('pageTitle'));
  const sessionRole = useAppSelector((s) => s.auth.userDetails?.role);
  // A role granted a moment ago may not have reached this session yet: ask the server before saying "not found".
  const fresh = useMeQuery(undefined, { skip: isStaff(sessionRole), refetchOnMountOrArgChange: true });
  const role = isStaff(sessionRole) ? sessionRole : fresh.currentData?.role;
  const [tab, setTab] = useState<Tab>('open');
  const { data: instance } = useInstanceQuery(undefined, { skip: role !== 'admin' });
  if (!isStaff(role)) {
    if (fresh.isFetching) return <div className="card mx-auto h-40 max-w-3xl skeleton" aria-busy="true" />;
    return <NotFoundPage inApp />;
  }
  const tabs: Array<[Tab, string]> = [
    ['open', t('tabs.open')],
    ['resolved', t('tabs.resolved')],
    ...(role === 'admin'
      ? ([
          ['accounts', t('tabs.accounts')],
          ['servers', t('tabs.servers')],
          ['audit', t('tabs.audit')],
        ] as Array<[Tab, string]>)
      : []),
  ];
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-1 flex items-center gap-2 text-2xl font-bold">
        <ShieldCheck className="h-6 w-6 text-brand-primary" /> {t('heading')}
      </h1>
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('intro')}</p>
      <nav className="mb-5 flex flex-wrap gap-2" aria-label={t('sections')}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            onClick={() => setTab(id)}
            aria-current={tab === id ? 'page' : undefined}
            className={`rounded-xl px-4 py-2 text-sm font-semibold ${tab === id ? 'bg-brand-primary text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {label}
          </button>
        ))}
      </nav>
      {role === 'admin' && instance?.mail === false && <NoMailNotice />}
      {tab === 'audit' ? (
        <AuditLog />
      ) : tab === 'accounts' ? (
        <AccountsReview />
      ) : tab === 'servers' ? (
        <InstancesReview />
      ) : (
        <Queue status={tab} />
      )}
    </div>
  );
}
