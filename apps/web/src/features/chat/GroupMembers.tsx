/** The members of a group in group info: admins first, oneself first of all; an admin may remove the others. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import type { ChatUser, Presence } from './chat-model';
import { displayName } from './ConversationRow';
import { useRemoveGroupMemberMutation, type GroupSummary } from './group-api';

interface GroupMembersProps {
  me: { _id: string };
  group: GroupSummary;
  presence: Presence;
  admin: boolean;
}

export function GroupMembers({ me, group, presence, admin }: GroupMembersProps) {
  const { t } = useTranslation('chat');
  const [removing, setRemoving] = useState<ChatUser | null>(null);
  const [remove, { isLoading: removingNow }] = useRemoveGroupMemberMutation();
  // Admins first, then by name; oneself first of all.
  const members = [...group.members].sort(
    (a, b) =>
      Number(b._id === me._id) - Number(a._id === me._id) ||
      Number(group.admins.includes(b._id)) - Number(group.admins.includes(a._id)) ||
      displayName(a).localeCompare(displayName(b)),
  );

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove({ id: group._id, userId: removing._id, me: me._id }).unwrap();
      toast.success(`${displayName(removing)} was removed from the group`);
    } catch (failure) {
      toast.error(errorText(failure, t('info.removeFailed')));
    }
    setRemoving(null);
  }

  return (
    <>
      <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{t('info.members')}</h3>
      <ul aria-label={t('info.members')} className="space-y-0.5">
        {members.map((m) => {
          const name = displayName(m);
          return (
            <li key={m._id} className="flex items-center gap-3 rounded-xl px-3 py-2">
              <Avatar name={name} id={m._id} src={m.userImage} size="sm" decorative />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">
                  {name}
                  {m._id === me._id && <span className="font-normal text-slate-600 dark:text-slate-400"> {t('info.you')}</span>}
                </span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                  {group.admins.includes(m._id) ? t('info.admin') : `@${m.userName}`}
                  {m._id !== me._id && presence.online.includes(m._id) ? ` · ${t('conversation.online')}` : ''}
                </span>
              </span>
              {admin && m._id !== me._id && (
                <Button variant="ghost" size="sm" onClick={() => setRemoving(m)} aria-label={t('info.removeName', { name })}>
                  {t('info.remove')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('info.removeTitle', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('info.remove')}
        busy={removingNow}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {t('info.removeText')}
      </ConfirmDialog>
    </>
  );
}
