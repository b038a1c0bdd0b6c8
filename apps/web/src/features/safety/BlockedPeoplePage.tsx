/** Settings → Blocked people: whom the caller blocked and muted, each undone with one button. */
import type { PublicUser } from '@plaza/contract';
import { Ban, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { useBlocksQuery, useMutesQuery, useSetBlockedMutation, useSetMutedMutation } from './api';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';
import './safety-catalog';

function PersonRow({ user, action }: { user: PublicUser; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar name={user.fullName} id={user._id} src={user.userImage} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{user.fullName}</p>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">@{user.userName}</p>
      </div>
      {action}
    </li>
  );
}

function Section({
  title,
  icon,
  empty,
  people,
  children,
}: {
  title: string;
  icon: ReactNode;
  empty: string;
  people?: PublicUser[];
  children: (u: PublicUser) => ReactNode;
}) {
  return (
    <section className="card overflow-hidden" aria-label={title}>
      <h2 className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-700">
        {icon} {title}
      </h2>
      {!people ? (
        <div className="space-y-3 p-4" aria-busy="true">
          <div className="h-10 rounded skeleton" />
          <div className="h-10 rounded skeleton" />
        </div>
      ) : people.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {people.map((u) => (
            <PersonRow key={u._id} user={u} action={children(u)} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function BlockedPeoplePage() {
  const { t } = useTranslation('safety');
  useDocumentTitle(t('blocked.pageTitle'));
  const blocks = useBlocksQuery();
  const mutes = useMutesQuery();
  const [setBlocked, blocking] = useSetBlockedMutation();
  const [setMuted, muting] = useSetMutedMutation();

  async function unblock(u: PublicUser) {
    const result = await setBlocked({ userId: u._id, blocked: false });
    if ('error' in result) toast.error(errorText(result.error, t('blocked.unblockFailed')));
    else toast.success(t('blocked.unblocked', { name: u.userName }));
  }
  async function unmute(u: PublicUser) {
    const result = await setMuted({ userId: u._id, muted: false });
    if ('error' in result) toast.error(errorText(result.error, t('blocked.unmuteFailed')));
    else toast.success(t('blocked.unmuted', { name: u.userName }));
  }

  return (
    <div className="space-y-6">
      <Section
        title={t('blocked.blockedTitle')}
        icon={<Ban className="h-5 w-5 text-rose-500" />}
        empty={t('blocked.blockedEmpty')}
        people={blocks.data?.data}
      >
        {(u) => (
          <Button
            size="sm"
            variant="secondary"
            loading={blocking.isLoading && blocking.originalArgs?.userId === u._id}
            onClick={() => void unblock(u)}
          >
            {t('blocked.unblock')}
          </Button>
        )}
      </Section>
      <Section
        title={t('blocked.mutedTitle')}
        icon={<VolumeX className="h-5 w-5 text-slate-500" />}
        empty={t('blocked.mutedEmpty')}
        people={mutes.data?.data}
      >
        {(u) => (
          <Button
            size="sm"
            variant="secondary"
            loading={muting.isLoading && muting.originalArgs?.userId === u._id}
            onClick={() => void unmute(u)}
          >
            {t('blocked.unmute')}
          </Button>
        )}
      </Section>
    </div>
  );
}
