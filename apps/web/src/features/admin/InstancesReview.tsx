/**
 * /admin → Servers (admins): the other servers this one knows through its people's friends, each with how
 * many of its people are known here. Blocking one stops delivery both ways and hides what came from it
 * (docs/decisions/federation.md); it asks first, since friendships with its people stop working.
 */
import type { Instance } from '@plaza/contract';
import { Globe, ShieldBan } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { compactAge, exactTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { AdminList } from './AdminList';
import { useInstancesQuery, useSetInstanceBlockedMutation } from './api';
import './admin-catalog';

export function InstancesReview() {
  const { t } = useTranslation('admin');
  const instances = useInstancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setBlocked, { isLoading }] = useSetInstanceBlockedMutation();
  const [asking, setAsking] = useState<string | null>(null);

  const change = async (host: string, blocked: boolean) => {
    try {
      await setBlocked({ host, blocked }).unwrap();
      toast.success(t(blocked ? 'servers.blockedToast' : 'servers.unblockedToast', { host }));
    } catch (err) {
      toast.error(errorText(err, t('servers.changeFailed')));
    } finally {
      setAsking(null);
    }
  };

  return (
    <>
      <AdminList
        items={instances.data?.instances}
        failed={instances.isError ? { message: t('servers.failed'), retry: () => void instances.refetch() } : null}
        empty={{
          icon: <Globe className="h-8 w-8 text-brand-primary" aria-hidden="true" />,
          title: t('servers.none'),
          hint: t('servers.noneHint'),
        }}
        label={t('servers.list')}
        row={(instance) => (
          <ServerRow
            key={instance.host}
            instance={instance}
            busy={isLoading}
            onBlock={() => setAsking(instance.host)}
            onUnblock={() => void change(instance.host, false)}
          />
        )}
      />
      {/* Closed, it renders nothing: only a row of the list opens it. */}
      <ConfirmDialog
        open={asking !== null}
        title={t('servers.confirmTitle', { host: asking ?? '' })}
        confirmLabel={t('servers.block')}
        busy={isLoading}
        onConfirm={() => asking && void change(asking, true)}
        onClose={() => setAsking(null)}
      >
        {t('servers.confirmText')}
      </ConfirmDialog>
    </>
  );
}

function ServerRow({
  instance,
  busy,
  onBlock,
  onUnblock,
}: {
  instance: Instance;
  busy: boolean;
  onBlock: () => void;
  onUnblock: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      {instance.blocked ? (
        <ShieldBan className="h-5 w-5 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden="true" />
      ) : (
        <Globe className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        {/* Whole: a host cut short could be another server's. */}
        <p className="font-semibold [overflow-wrap:anywhere]">{instance.host}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('servers.people', { count: instance.people })}
          {instance.blocked && instance.blockedAt && (
            <>
              {' · '}
              {t('servers.blockedSince')} <time title={exactTime(instance.blockedAt)}>{compactAge(instance.blockedAt)}</time>
            </>
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={instance.blocked ? onUnblock : onBlock}
        disabled={busy}
        aria-label={t(instance.blocked ? 'servers.unblockOf' : 'servers.blockOf', { host: instance.host })}
        className={`min-h-11 rounded-xl px-4 py-2 text-sm font-semibold disabled:opacity-50 ${instance.blocked ? 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600' : 'bg-rose-600 text-white hover:bg-rose-700'}`}
      >
        {t(instance.blocked ? 'servers.unblock' : 'servers.block')}
      </button>
    </li>
  );
}
