/**
 * Group info: the members (admins remove people and add friends), rename, the photo, mute, and leaving the
 * group after a question that says what happens.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { GROUP_CHAT } from '@plaza/contract';
import { Bell, BellOff, LogOut, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { CloseButton } from '../../components/CloseButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/error-text';
import type { ChatUser, Presence } from './chat-model';
import { displayName } from './ConversationRow';
import { FriendChecklist } from './FriendChecklist';
import { useAddGroupMembersMutation, useMuteGroupMutation, useRemoveGroupMemberMutation, type GroupSummary } from './group-api';
import { GroupIdentity } from './GroupIdentity';
import { GroupMembers } from './GroupMembers';
import { useTranslation } from 'react-i18next';

interface GroupInfoDialogProps {
  open: boolean;
  onClose: () => void;
  me: { _id: string };
  group: GroupSummary;
  presence: Presence;
}

const rowButton =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-700/50';

export function GroupInfoDialog({ open, onClose, me, group, presence }: GroupInfoDialogProps) {
  const [view, setView] = useState<'info' | 'add'>('info');
  const close = () => {
    setView('info');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[6vh]">
        <DialogPanel className="card flex max-h-[88vh] w-full max-w-md flex-col overflow-hidden">
          {view === 'info' ? (
            <GroupInfo me={me} group={group} presence={presence} onClose={close} onAdd={() => setView('add')} />
          ) : (
            <AddPeople me={me} group={group} onDone={() => setView('info')} />
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

interface GroupInfoProps {
  me: { _id: string };
  group: GroupSummary;
  presence: Presence;
  onClose: () => void;
  onAdd: () => void;
}

/** The group's picture and name, mute, adding people, its members, and leaving it. */
function GroupInfo({ me, group, presence, onClose, onAdd }: GroupInfoProps) {
  const { t } = useTranslation('chat');
  const admin = group.admins.includes(me._id);
  const others = group.members.filter((m) => m._id !== me._id);
  const online = others.filter((m) => presence.online.includes(m._id)).length;
  const [leaving, setLeaving] = useState(false);
  const [mute, { isLoading: muting }] = useMuteGroupMutation();
  const [remove, { isLoading: removingNow }] = useRemoveGroupMemberMutation();

  async function confirmLeave() {
    try {
      await remove({ id: group._id, userId: me._id, me: me._id }).unwrap();
      setLeaving(false);
      onClose();
    } catch (failure) {
      toast.error(errorText(failure, t('info.leaveFailed')));
      setLeaving(false);
    }
  }

  async function toggleMute() {
    try {
      const muted = await mute({ id: group._id, muted: !group.muted, me: me._id }).unwrap();
      toast.success(muted ? t('info.muted') : t('info.unmuted'));
    } catch (failure) {
      toast.error(errorText(failure, t('info.failed')));
    }
  }

  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <DialogTitle className="text-lg font-semibold">{t('group.info')}</DialogTitle>
        <CloseButton onClick={onClose} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        <GroupIdentity me={me} group={group} admin={admin} online={online} />

        <div className="mt-4 space-y-0.5 border-t border-slate-200 pt-3 dark:border-slate-700/70">
          <button type="button" onClick={() => void toggleMute()} disabled={muting} aria-pressed={group.muted} className={rowButton}>
            {group.muted ? (
              <Bell className="h-5 w-5 text-brand-primary" aria-hidden />
            ) : (
              <BellOff className="h-5 w-5 text-brand-primary" aria-hidden />
            )}
            {group.muted ? t('info.unmute') : t('info.mute')}
          </button>
          {admin && group.members.length < GROUP_CHAT.maxMembers && (
            <button type="button" onClick={onAdd} className={rowButton}>
              <UserPlus className="h-5 w-5 text-brand-primary" aria-hidden /> {t('info.addPeople')}
            </button>
          )}
        </div>

        <GroupMembers me={me} group={group} presence={presence} admin={admin} />

        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700/70">
          <button type="button" onClick={() => setLeaving(true)} className={`${rowButton} text-rose-600 dark:text-rose-400`}>
            <LogOut className="h-5 w-5" aria-hidden /> {t('info.leave')}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={leaving}
        title={t('info.leaveTitle', { name: group.name })}
        confirmLabel={t('info.leave')}
        busy={removingNow}
        onConfirm={() => void confirmLeave()}
        onClose={() => setLeaving(false)}
      >
        {t('info.leaveText')}
      </ConfirmDialog>
    </>
  );
}

function AddPeople({ me, group, onDone }: { me: { _id: string }; group: GroupSummary; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [add, { isLoading }] = useAddGroupMembersMutation();
  const already = new Set(group.members.map((m) => m._id));
  const full = group.members.length + picked.length >= GROUP_CHAT.maxMembers;
  const toggle = (friend: ChatUser) =>
    setPicked((now) => (now.some((p) => p._id === friend._id) ? now.filter((p) => p._id !== friend._id) : [...now, friend]));
  async function submit() {
    try {
      await add({ id: group._id, userIds: picked.map((p) => p._id), me: me._id }).unwrap();
      toast.success(picked.length === 1 ? t('info.addedOne', { name: displayName(picked[0]) }) : t('info.added', { count: picked.length }));
      onDone();
    } catch (failure) {
      toast.error(errorText(failure, t('info.addFailed')));
    }
  }
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <DialogTitle className="text-lg font-semibold">{t('info.addPeople')}</DialogTitle>
        <CloseButton onClick={onDone} />
      </div>
      <div className="flex h-80 min-h-0 flex-col px-5 pt-4">
        <FriendChecklist picked={picked} onToggle={toggle} already={already} full={full} />
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('info.peopleOf', { n: group.members.length + picked.length, max: GROUP_CHAT.maxMembers })}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onDone}>
            {t('back')}
          </Button>
          <Button onClick={() => void submit()} loading={isLoading} disabled={picked.length === 0}>
            {t('info.add')}
          </Button>
        </div>
      </div>
    </>
  );
}
